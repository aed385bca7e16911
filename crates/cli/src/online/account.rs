//! `scribe online signup`, `login`, `logout`, `password`, `email`,
//! `forgot-password`, `delete-account`.

use super::Session;
use anyhow::{Context, bail};
use scribe_api as api;
use scribe_online::{Account, Client, Refusal};
use scribe_rules::escape_shown;
use std::io::Read as _;

/// `signup NAME --password-stdin`: makes the account and signs in.
pub(super) fn signup(s: &mut Session, name: &str, password_stdin: bool) -> anyhow::Result<()> {
    let password = read_password_lines(password_stdin, 1)?.remove(0);
    let c = s.anonymous();
    let credentials = api::Credentials {
        name: name.to_string(),
        password,
    };
    let _: api::SignedUp = c.post("/accounts", &credentials)?;
    sign_in(&c, s, &credentials)?;
    println!(
        "Signed up and signed in as {} on {}.",
        escape_shown(name, 40),
        s.server
    );
    Ok(())
}

/// `login NAME --password-stdin`.
pub(super) fn login(s: &mut Session, name: &str, password_stdin: bool) -> anyhow::Result<()> {
    let password = read_password_lines(password_stdin, 1)?.remove(0);
    let c = s.anonymous();
    let credentials = api::Credentials {
        name: name.to_string(),
        password,
    };
    sign_in(&c, s, &credentials)?;
    println!("Signed in as {} on {}.", escape_shown(name, 40), s.server);
    Ok(())
}

/// `logout`: the token is revoked on the server and forgotten here.
pub(super) fn logout(s: &mut Session) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    match c.delete::<api::SignedOut>("/session") {
        Ok(_) => {}
        // A token the server no longer knows is forgotten all the same.
        Err(e) if e.downcast_ref::<Refusal>().is_some_and(|r| r.status == 401) => {}
        Err(e) => return Err(e),
    }
    s.memory.accounts.remove(&s.server);
    s.memory.store()?;
    println!("Signed out of {}.", s.server);
    Ok(())
}

/// `password --password-stdin`: the old password, then the new one.
pub(super) fn password(s: &Session, password_stdin: bool) -> anyhow::Result<()> {
    let mut pw = read_password_lines(password_stdin, 2)?;
    let body = api::NewPassword {
        new: pw.remove(1),
        old: pw.remove(0),
    };
    let _: api::PasswordChanged = s.signed_in()?.post("/me/password", &body)?;
    println!("Password changed; your other sign-ins were revoked.");
    Ok(())
}

/// `email [ADDRESS] [--notify on|off] [--remove]`: sets the address (the
/// server mails a link to verify it), turns "your move" mail on or off,
/// removes the address, or (no arguments) shows what the server has.
pub(super) fn email(
    s: &Session,
    address: Option<&str>,
    notify: Option<bool>,
    remove: bool,
) -> anyhow::Result<()> {
    let c = s.signed_in()?;
    if address.is_none() && notify.is_none() && !remove {
        let me: api::Me = c.get("/me")?;
        match (&me.email, me.mail) {
            (_, false) => println!(
                "{} sends no mail (it was started without --smtp).",
                s.server
            ),
            (None, true) => println!("No address: `scribe online email ADDRESS` gives one."),
            (Some(e), true) => println!(
                "{} ({}); mail when it is your move: {}.",
                escape_shown(&e.address, 254),
                if e.verified {
                    "verified"
                } else {
                    "not verified yet: open the link mailed to it"
                },
                if e.notify { "on" } else { "off" }
            ),
        }
        return Ok(());
    }
    let address = match (address, remove) {
        (_, true) => None,
        (Some(a), false) => Some(a.to_string()),
        // --notify alone: the address the server has.
        (None, false) => {
            let me: api::Me = c.get("/me")?;
            match me.email {
                Some(e) => Some(e.address),
                None => bail!("no address yet: give one, `scribe online email ADDRESS`"),
            }
        }
    };
    let body = api::NewEmail {
        email: address,
        notify,
    };
    let done: api::EmailAnswer = c.post("/me/email", &body)?;
    println!("{}.", escape_shown(&done.message, 400));
    Ok(())
}

/// `forgot-password NAME|ADDRESS`: asks for a reset link by mail.
pub(super) fn forgot_password(s: &Session, account: &str) -> anyhow::Result<()> {
    let body = api::PasswordReset {
        account: account.to_string(),
    };
    let done: api::PasswordResetSent = s.anonymous().post("/password-reset", &body)?;
    println!("{}.", escape_shown(&done.message, 400));
    Ok(())
}

/// `delete-account --password-stdin`: deletes the account on the server
/// and forgets its token here.
pub(super) fn delete_account(s: &mut Session, password_stdin: bool) -> anyhow::Result<()> {
    let password = read_password_lines(password_stdin, 1)?.remove(0);
    let body = api::DeleteAccount { password };
    let done: api::AccountDeleted = s.signed_in()?.post("/me/delete", &body)?;
    s.memory.accounts.remove(&s.server);
    s.memory.store()?;
    println!(
        "The account {} is deleted from {}; its games stay, under \"deleted player\".",
        escape_shown(&done.deleted, 40),
        s.server
    );
    Ok(())
}

/// Signs in and keeps the token for this server.
fn sign_in(c: &Client, s: &mut Session, credentials: &api::Credentials) -> anyhow::Result<()> {
    let t: api::Token = c.post("/session", credentials)?;
    s.memory.accounts.insert(
        c.server.clone(),
        Account {
            name: t.name,
            token: t.token,
        },
    );
    s.memory.server = Some(c.server.clone());
    s.memory.store()
}

fn read_password_lines(flag: bool, lines: usize) -> anyhow::Result<Vec<String>> {
    if !flag {
        bail!(
            "give --password-stdin: the password is read from standard input, never from the command line"
        );
    }
    let mut text = String::new();
    std::io::stdin()
        .take(64 * 1024)
        .read_to_string(&mut text)
        .context("cannot read the password from standard input")?;
    let got: Vec<String> = text
        .lines()
        .map(|l| l.trim_end_matches('\r').to_string())
        .take(lines)
        .collect();
    if got.len() < lines || got.iter().any(String::is_empty) {
        bail!(
            "standard input holds no password{}",
            if lines > 1 {
                " (the old one on the first line, the new one on the second)"
            } else {
                ""
            }
        );
    }
    Ok(got)
}
