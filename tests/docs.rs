//! Every relative link of the Markdown docs (the README, ARCHITECTURE.md,
//! CONTRIBUTING.md, `docs/**`, `packaging/**`) names a file that exists:
//! moving or renaming a page breaks this test, not a reader's click.

use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if p.is_dir() {
            markdown_files(&p, out);
        } else if name.ends_with(".md") {
            out.push(p);
        }
    }
}

/// The link targets of a Markdown text, outside code blocks: `](target)`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_docs_names_a_file_that_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"] {
        files.push(root.join(top));
    }
    markdown_files(&root.join("docs"), &mut files);
    markdown_files(&root.join("packaging"), &mut files);
    assert!(files.len() > 10, "{files:?}");
    let mut broken = Vec::new();
    let mut checked = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for target in links(&text) {
            let target = target.split_whitespace().next().unwrap_or("");
            let path = target.split('#').next().unwrap_or("");
            if path.is_empty() || path.contains("://") || path.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let full = f.parent().unwrap_or(root).join(path);
            if !full.exists() {
                broken.push(format!(
                    "{}: {target}",
                    f.strip_prefix(root).unwrap_or(f).display()
                ));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: the parser is broken"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_a_product_page_with_the_two_commands_first() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "the README is {lines} lines (a product page: under about 150)"
    );
    let first_block: Vec<&str> = readme
        .split("```")
        .nth(1)
        .map(|b| b.lines().filter(|l| !l.trim().is_empty()).skip(1).collect())
        .unwrap_or_default();
    assert_eq!(first_block.len(), 2, "{first_block:?}");
    assert!(first_block[0].starts_with("cargo run"), "{first_block:?}");
    assert!(
        first_block[1].starts_with("cargo test --workspace"),
        "{first_block:?}"
    );
}
