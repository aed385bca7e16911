//! The finished games kept in the library: fetched by the worker, each
//! checked to load, then handed to the app to write.

use super::super::state::OnlineMode;
use crate::modes::Status;
use scribe_online::worker::{Failure, Saves};
use scribe_record::GameRecord;

impl OnlineMode {
    /// What [`scribe_online::worker::Request::Keep`] found; games not
    /// fetched are asked for again at the next reading of the list.
    pub(super) fn keep_answer(
        &mut self,
        asked: &[(String, std::path::PathBuf)],
        result: Result<Saves, Failure>,
    ) -> Option<Status> {
        match result {
            Ok(Saves {
                fetched,
                known,
                trouble,
            }) => self.kept(asked, fetched, &known, trouble),
            Err(e) => {
                for (id, _) in asked {
                    self.keeping.remove(id);
                }
                match e {
                    Failure::Refused(r) => Some(Status::error(format!(
                        "Your finished games cannot be kept in the library: {}.",
                        r.message.trim_end_matches('.')
                    ))),
                    Failure::Unreachable(_) => None,
                }
            }
        }
    }

    /// The finished games fetched for the library: each checked to load,
    /// then handed to the app to write ([`OnlineMode::to_keep`]); those
    /// neither fetched nor known are asked for again later.
    fn kept(
        &mut self,
        asked: &[(String, std::path::PathBuf)],
        fetched: Vec<(String, String)>,
        known: &[String],
        trouble: Option<String>,
    ) -> Option<Status> {
        let mut bad = None;
        let mut added = 0;
        for (id, text) in &fetched {
            match GameRecord::from_ron(text) {
                Ok(record) => {
                    let file = scribe_library::online_file_name(&self.server, id);
                    self.to_keep.push((file, record.to_ron()));
                    added += 1;
                }
                Err(e) => {
                    bad.get_or_insert(format!("the save file of game {id} cannot be read: {e}"));
                }
            }
        }
        for (id, _) in asked {
            let done = known.contains(id) || fetched.iter().any(|(f, _)| f == id);
            if !done {
                self.keeping.remove(id);
            }
        }
        let kept = match added {
            0 => None,
            1 => Some("1 finished online game kept in the library.".to_string()),
            n => Some(format!("{n} finished online games kept in the library.")),
        };
        match (kept, bad.or(trouble)) {
            (None, None) => None,
            (Some(k), None) => Some(Status::info(k)),
            (k, Some(t)) => Some(Status::error(format!(
                "{}Some finished games are not kept yet: {}.",
                k.map(|k| k + " ").unwrap_or_default(),
                t.trim_end_matches('.')
            ))),
        }
    }
}
