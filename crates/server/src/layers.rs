//! The crate's layers, kept honest: each file may import (`crate::…`) only
//! from its own layer or those below it. Top to bottom: `http` (and the
//! page, `web`), `ops`, `mail` and `computer`, `store`, `domain`, `live`,
//! then the shared base (`db`, `auth`, `client`, `error`). `lib.rs` wires
//! them all and is not checked; the root's own items (`crate::AppState`,
//! `crate::warn`) belong to no layer.

/// The layer of a top module of the crate (0 the top); `None`: not a
/// module of a layer (the root's items).
fn layer(module: &str) -> Option<usize> {
    Some(match module {
        "http" | "web" => 0,
        "ops" => 1,
        "mail" | "computer" => 2,
        "store" => 3,
        "domain" => 4,
        "live" => 5,
        "db" | "auth" | "client" | "error" => 6,
        _ => return None,
    })
}

/// Every `crate::MODULE` a source names outside its comments and its
/// tests, with the line.
fn imports(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let code = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or(source);
    for (n, line) in code.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push((n + 1, name));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    #[test]
    fn no_file_imports_from_a_layer_above_its_own() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        sources(&src, &mut files);
        let mut arrows = std::collections::BTreeSet::new();
        let mut up = Vec::new();
        for file in &files {
            let rel = file
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let top = rel.split(['/', '.']).next().unwrap().to_string();
            if top == "lib" || top == "layers" {
                continue;
            }
            let own = layer(&top).unwrap_or_else(|| panic!("{rel}: in no layer (see layers.rs)"));
            let text = std::fs::read_to_string(file).unwrap();
            for (line, name) in imports(&text) {
                let Some(theirs) = layer(&name) else { continue };
                if name != top {
                    arrows.insert((top.clone(), name.clone()));
                }
                if theirs < own {
                    up.push(format!("{rel}:{line}: {top} imports {name}, a layer above"));
                }
            }
        }
        assert!(up.is_empty(), "arrows back up:\n{}", up.join("\n"));
        // Read it with --nocapture: the arrows between top modules.
        println!(
            "{} arrows between the top modules: {arrows:?}",
            arrows.len()
        );
    }

    #[test]
    fn the_scan_finds_imports_and_skips_comments() {
        let text = "use crate::store::load;\n// crate::http\nlet x = crate::ops::admin::x();\n";
        assert_eq!(
            imports(text),
            vec![(1, "store".to_string()), (3, "ops".to_string())]
        );
        assert_eq!(layer("http"), Some(0));
        assert!(layer("store") > layer("http") && layer("live") > layer("domain"));
    }
}
