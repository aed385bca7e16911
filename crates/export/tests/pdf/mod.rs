//! Reading back the PDFs we write (lopdf): the export's own tests here and
//! `scribe export`'s at the workspace's root include this file.
#![allow(dead_code)]

use lopdf::{Document, Object};

/// The PDF parsed, or the test fails.
pub fn load(bytes: &[u8]) -> Document {
    Document::load_mem(bytes).expect("the PDF parses")
}

/// Width and height of each page's MediaBox, in points (rounded).
pub fn page_sizes(doc: &Document) -> Vec<(i64, i64)> {
    doc.get_pages()
        .values()
        .map(|&id| {
            let page = doc.get_dictionary(id).expect("page dictionary");
            let mb = page.get(b"MediaBox").expect("MediaBox").as_array().unwrap();
            let n = |o: &Object| {
                o.as_float()
                    .map(f64::from)
                    .or_else(|_| o.as_i64().map(|i| i as f64))
            };
            let v: Vec<f64> = mb.iter().map(|o| n(o).unwrap()).collect();
            ((v[2] - v[0]).round() as i64, (v[3] - v[1]).round() as i64)
        })
        .collect()
}

/// The text of each page, as lopdf extracts it (through the font's ToUnicode map).
pub fn page_texts(doc: &Document) -> Vec<String> {
    doc.get_pages()
        .keys()
        .map(|&n| doc.extract_text(&[n]).expect("text extracts"))
        .collect()
}
