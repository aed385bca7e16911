//! The page's entry points: [`start`] on the page, [`run_task`] in its
//! Web Worker (`worker.js`), both from the same module.

use wasm_bindgen::prelude::*;

/// Starts the app on the canvas with id `canvas_id`, keeping the game in
/// progress and the settings in the page's storage.
///
/// # Errors
/// The canvas is missing or WebGL could not start: the page shows why.
#[wasm_bindgen]
pub async fn start(canvas_id: String) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let canvas = document
        .get_element_by_id(&canvas_id)
        .ok_or_else(|| JsValue::from_str("no canvas"))?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    let options = scribe_ui::StartOptions {
        data_dir: scribe_ui::store::data_dir(),
        ..scribe_ui::StartOptions::default()
    };
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(|cc| Ok(Box::new(scribe_ui::ScribeApp::start(cc, options)))),
        )
        .await
}

/// Runs the task called `name` on its JSON `payload` (the worker's side
/// of `scribe_ui::jobs::run`), calling `progress(done, all)` as it goes;
/// the answer as JSON.
///
/// # Errors
/// An unknown task or a payload that is not one, as a sentence.
#[wasm_bindgen]
pub fn run_task(name: &str, payload: &str, progress: &js_sys::Function) -> Result<String, JsValue> {
    let tell = |done: usize, all: usize| {
        let _ = progress.call2(
            &JsValue::NULL,
            &JsValue::from_f64(done as f64),
            &JsValue::from_f64(all as f64),
        );
    };
    scribe_ui::jobs::task::run_named(name, payload, &tell).map_err(|e| JsValue::from_str(&e))
}
