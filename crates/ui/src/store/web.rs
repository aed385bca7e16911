//! The browser's side of the store: the page's local storage (kept by the
//! browser per site, across reloads), one key per file, `scribe-desk/NAME`.
//! Writes are synchronous and small (a save file, the settings), so no
//! worker is needed and nothing waits for a flush.

use super::Found;

const PREFIX: &str = "scribe-desk/";

fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "this browser keeps no local storage for the page".to_string())
}

/// The text kept under `name`, if any.
pub fn read(name: &str) -> Option<String> {
    storage().ok()?.get_item(&format!("{PREFIX}{name}")).ok()?
}

/// Keeps `text` under `name`.
///
/// # Errors
/// No storage, or it is full (said in one line).
pub fn write(name: &str, text: &str) -> Result<(), String> {
    storage()?
        .set_item(&format!("{PREFIX}{name}"), text)
        .map_err(|_| format!("the browser's storage refused {name} (is it full?)"))
}

/// As the desktop's [`super::load`]: a text that cannot be parsed is kept
/// aside under `NAME.damaged` and never overwritten.
pub fn load<T>(name: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Found<T> {
    let Some(text) = read(name) else {
        return Found::Missing;
    };
    match parse(&text) {
        Ok(value) => Found::Read(value),
        Err(error) => {
            let aside = format!("{name}.damaged");
            let moved_to = write(&aside, &text)
                .ok()
                .map(|()| std::path::PathBuf::from(aside));
            Found::Damaged { error, moved_to }
        }
    }
}
