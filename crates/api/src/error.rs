//! Refusals: `{"error": CODE, "message": TEXT}`, plus `"game"` (the game
//! object) where the position as it stands helps the client.

use super::Game;
use serde::{Deserialize, Serialize};

super::words! {
    /// Why a request was refused (the `error` of a refusal). A code this
    /// build does not know reads as [`ErrorCode::Unknown`].
    ErrorCode, read = ErrorCode::read {
        /// 400: not JSON, a missing field.
        BadRequest = "bad_request",
        /// 400: a name that cannot be one.
        BadName = "bad_name",
        /// 400: a password too short or too long.
        BadPassword = "bad_password",
        /// 400: not a square.
        BadSquare = "bad_square",
        /// 400: not a variant.
        BadVariant = "bad_variant",
        /// 400: not a side.
        BadSide = "bad_side",
        /// 400: not a number of days a move may take.
        BadDays = "bad_days",
        /// 400: an empty, long or strange chat line.
        BadChat = "bad_chat",
        /// 400: not an e-mail address.
        BadEmail = "bad_email",
        /// 400: a challenge to oneself.
        SelfChallenge = "self_challenge",
        /// 401: no token, a token not (or no longer) valid, a wrong name or password.
        NotSignedIn = "not_signed_in",
        /// 403: only the game's players may.
        NotYourGame = "not_your_game",
        /// 403: only the challenged (or the challenger) may.
        NotYourChallenge = "not_your_challenge",
        /// 403: nobody accepts their own challenge.
        OwnChallenge = "own_challenge",
        /// 403: nobody answers their own undo proposal.
        OwnProposal = "own_proposal",
        /// 403: the old password is wrong.
        WrongPassword = "wrong_password",
        /// 403: a password-reset link used, expired or never made.
        BadLink = "bad_link",
        /// 403: the account is banned from this server (sign-in refused).
        Banned = "banned",
        /// 403: a player reports only the other player's chat lines.
        OwnLine = "own_line",
        /// 404: no such game, player or path.
        NotFound = "not_found",
        /// 405: the path does not take this method.
        MethodNotAllowed = "method_not_allowed",
        /// 408: the request body did not arrive in time.
        RequestTimeout = "request_timeout",
        /// 409: the other player's move.
        NotYourTurn = "not_your_turn",
        /// 409: the move's number is not the next one.
        StaleMoveNumber = "stale_move_number",
        /// 409: the game is over.
        GameOver = "game_over",
        /// 409: the challenge is not accepted yet.
        NotStarted = "not_started",
        /// 409: a declined or cancelled challenge.
        NotAGame = "not_a_game",
        /// 409: the game is not waiting for an answer to its challenge.
        NotAChallenge = "not_a_challenge",
        /// 409: a rematch of a game not over yet.
        NotOver = "not_over",
        /// 409: the name is taken.
        NameTaken = "name_taken",
        /// 409: no move to take back.
        NothingToUndo = "nothing_to_undo",
        /// 409: an undo asked for a move that is not the asker's own last
        /// move (only the player who made the last move may ask, while it
        /// is the opponent's turn).
        NotYourLastMove = "not_your_last_move",
        /// 409: an undo is proposed already.
        AlreadyProposed = "already_proposed",
        /// 409: no undo to answer.
        NoUndoProposed = "no_undo_proposed",
        /// 409: the game's chat is full.
        ChatFull = "chat_full",
        /// 409: a claim in a game without a time limit.
        NoTimeLimit = "no_time_limit",
        /// 409: a claim by the player to move.
        YourTurn = "your_turn",
        /// 409: a claim before the deadline.
        TimeLeft = "time_left",
        /// 409: too many challenges waiting for an answer (from this
        /// player, or from this player to that one).
        TooManyChallenges = "too_many_challenges",
        /// 409: this player reported this chat line already.
        AlreadyReported = "already_reported",
        /// 409: a challenge to a computer player on a server that runs
        /// without them (`--no-computer`).
        NoComputer = "no_computer",
        /// 409: this server sends no mail (started without `--smtp`).
        MailOff = "mail_off",
        /// 409: the game changed many times at once; try again.
        Busy = "busy",
        /// 413: the body is too large.
        TooLarge = "too_large",
        /// 422: a move the rules refuse.
        IllegalMove = "illegal_move",
        /// 429: too many attempts.
        RateLimited = "rate_limited",
        /// 500: the server failed.
        Internal = "internal",
        /// 503: the server cannot serve now (its database does not answer).
        Unavailable = "unavailable",
        /// A client's own refusal: not a game id (never sent by a server).
        BadId = "bad_id",
        /// A code this build does not know (or none).
        Unknown = "unknown",
    }
}

impl ErrorCode {
    fn read(text: &str) -> Option<ErrorCode> {
        Some(ErrorCode::from_api(text).unwrap_or(ErrorCode::Unknown))
    }
}

/// The body of every refusal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// The code.
    pub error: ErrorCode,
    /// A sentence for people.
    pub message: String,
    /// The game as it stands (a stale move number, not your turn, an
    /// illegal move, the game over, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Box<Game>>,
}

#[cfg(test)]
mod tests {
    use super::super::game::tests::{GAME, round_trip};
    use super::*;

    #[test]
    fn refusals_round_trip() {
        let e: ErrorBody = round_trip(r#"{"error":"not_found","message":"no game \"x\""}"#);
        assert_eq!(e.error, ErrorCode::NotFound);
        assert!(e.game.is_none());
        let e: ErrorBody = round_trip(&format!(
            r#"{{"error":"not_your_turn","message":"not your turn: move 3 is O (bob)'s","game":{GAME}}}"#
        ));
        assert_eq!(e.error, ErrorCode::NotYourTurn);
        assert_eq!(e.game.unwrap().id, "k3x9q0a2bd");
        let odd: ErrorBody =
            serde_json::from_str(r#"{"error":"solar_flare","message":"?"}"#).unwrap();
        assert_eq!(odd.error, ErrorCode::Unknown);
        for c in ErrorCode::ALL {
            assert_eq!(ErrorCode::from_api(c.as_str()), Some(*c));
        }
    }
}
