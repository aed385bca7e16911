//! Windows only: the icon, version information and manifest of `scribe.exe`
//! (`packaging/windows/scribe.rc`). For any other target `embed_resource`
//! does nothing.

fn main() {
    println!("cargo:rerun-if-changed=packaging/windows/scribe.rc");
    println!("cargo:rerun-if-changed=packaging/windows/scribe.ico");
    println!("cargo:rerun-if-changed=packaging/windows/scribe.manifest");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let version = env!("CARGO_PKG_VERSION");
    let macros = [
        format!("SCRIBE_VERSION=\\\"{version}\\\""),
        format!("SCRIBE_VERSION_MAJOR={}", env!("CARGO_PKG_VERSION_MAJOR")),
        format!("SCRIBE_VERSION_MINOR={}", env!("CARGO_PKG_VERSION_MINOR")),
        format!("SCRIBE_VERSION_PATCH={}", env!("CARGO_PKG_VERSION_PATCH")),
    ];
    // the icon is cosmetic, but a resource that does not compile is a broken build
    if let Err(e) =
        embed_resource::compile("packaging/windows/scribe.rc", &macros).manifest_required()
    {
        panic!("packaging/windows/scribe.rc: {e}");
    }
}
