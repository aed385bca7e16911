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

/// The app on the data folder `dir` at 1366x768, its file windows the
/// built-in path prompt (no native dialog), after its first frames.
pub fn app_in(dir: &std::path::Path) -> Harness<'static, ScribeApp> {
    app_in_at(dir, [1366.0, 768.0])
}

/// As [`app_in`], at `size`.
pub fn app_in_at(dir: &std::path::Path, size: [f32; 2]) -> Harness<'static, ScribeApp> {
    let dir = dir.to_path_buf();
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(32)
        .build_eframe(move |cc| ScribeApp::with_data_dir(cc, dir).without_native_dialogs());
    h.run();
    h
}

/// Steps until the app's jobs (files, PDFs, the computer, the solver) are
/// done, then lets the UI settle. A job that never ends fails the test
/// after a minute.
pub fn settle(h: &mut Harness<'_, ScribeApp>) {
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while h.state().busy() {
        assert!(
            std::time::Instant::now() < give_up,
            "the app's jobs never finished: {}",
            h.state().status()
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run_steps(4);
    let _ = h.run_ok();
}

/// The moves of the game on the board, as names ("E5").
pub fn moves(h: &Harness<'_, ScribeApp>) -> Vec<String> {
    let game = &h.state().record().game;
    game.moves().iter().map(ToString::to_string).collect()
}

/// A board square by its coordinates: its accessible name starts with them
/// ("C8, empty, in the mini grid you must play", "C8, O, last move").
pub fn square<'h>(h: &'h Harness<'_, ScribeApp>, name: &str) -> egui_kittest::Node<'h> {
    let prefix = format!("{name}, ");
    h.get_by(move |n| {
        n.role() == egui::accesskit::Role::Button
            && n.label().is_some_and(|l| l.starts_with(&prefix))
    })
}

/// Clicks the board square `name` ("E5").
pub fn click_square(h: &mut Harness<'_, ScribeApp>, name: &str) {
    square(h, name).click();
    h.run();
}

/// Types `path` into the built-in path prompt, presses its `button` and
/// waits for the file job.
pub fn type_path(h: &mut Harness<'_, ScribeApp>, path: &std::path::Path, button: &str) {
    settle(h);
    h.get_by_label("Path:").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Path:")
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label(button).click();
    h.run_steps(2);
    settle(h);
}
