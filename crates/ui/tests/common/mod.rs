//! The app driven through egui_kittest, for the app's tests here and the
//! end-to-end ones at the workspace's root (which include this file); each
//! test binary uses a part of it.
#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use scribe_ui::ScribeApp;

/// The app at 1280x860 with no data folder, after its first frames.
pub fn app() -> Harness<'static, ScribeApp> {
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(32)
        .build_eframe(|cc| ScribeApp::new(cc));
    h.run();
    h
}

/// Clicks the widget labelled `label` and lets the UI settle.
pub fn press<S>(h: &mut Harness<'_, S>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// When the UI asked for its next frame (`None`: not until there is input).
pub fn next_frame<S>(h: &Harness<'_, S>) -> Option<std::time::Duration> {
    let delay = h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay;
    (delay < std::time::Duration::from_secs(3600)).then_some(delay)
}
