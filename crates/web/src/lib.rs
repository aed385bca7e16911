//! Scribe Desk in a browser: the `scribe-ui` app started by eframe's web
//! runner on the page's canvas. Built by `packaging/web/build.sh`
//! (wasm-bindgen, `--target web`); on other targets this crate is empty.

#[cfg(target_arch = "wasm32")]
mod web;
