// The account settings beside the lobby: the password, the e-mail address
// for "your move" mail (verified by a link the server mails), and a
// forgotten password. A module of its own, loaded by the page beside
// app.js: it needs nothing of app.js but the page's elements; a request
// refused because the session ended is handed to app.js as the window event
// "scribe-session-ended".

import { api, session, ApiError } from "./api.js";

const $ = (id) => document.getElementById(id);

function problem(text) {
  $("problem").textContent = text || "";
}

function report(e) {
  if (e instanceof ApiError && e.status === 401 && e.code === "not_signed_in" && session.token) {
    window.dispatchEvent(new Event("scribe-session-ended"));
    return;
  }
  problem(e instanceof Error ? e.message : String(e));
}

// ---- the password ----

async function changePassword(event) {
  event.preventDefault();
  const old = $("old-password").value;
  const next = $("new-password").value;
  $("password-state").textContent = "";
  if (!old || !next) {
    problem("Enter your current password and the new one.");
    $(old ? "new-password" : "old-password").focus();
    return;
  }
  try {
    await api("POST", "/me/password", { old, new: next });
    $("old-password").value = "";
    $("new-password").value = "";
    problem("");
    $("password-state").textContent = "Your password is changed; your other sign-ins are signed out.";
  } catch (e) {
    report(e);
  }
}

// ---- e-mail ----

function showEmail(m) {
  const on = m.mail;
  for (const id of ["email", "email-notify", "email-save", "email-remove"]) $(id).disabled = !on;
  $("email-remove").hidden = !m.email;
  if (!on) {
    $("email-state").textContent = "This server sends no mail.";
    return;
  }
  if (!m.email) {
    $("email-state").textContent = "No address: give one to be mailed when it is your move, and to reset a forgotten password.";
    return;
  }
  $("email").value = m.email.address;
  $("email-notify").checked = m.email.notify;
  $("email-state").textContent = m.email.verified
    ? `${m.email.address} is verified.`
    : `${m.email.address} is not verified yet: open the link mailed to it.`;
}

async function loadEmail() {
  try {
    showEmail(await api("GET", "/me"));
  } catch {
    // the lobby says what went wrong
  }
}

async function saveEmail(event) {
  event.preventDefault();
  const email = $("email").value.trim();
  if (!email) {
    problem("Enter an e-mail address, or use Remove the address.");
    $("email").focus();
    return;
  }
  try {
    const answer = await api("POST", "/me/email", { email, notify: $("email-notify").checked });
    problem("");
    await loadEmail();
    $("email-state").textContent = `${$("email-state").textContent} ${answer.message}.`;
  } catch (e) {
    report(e);
  }
}

async function removeEmail() {
  try {
    const answer = await api("POST", "/me/email", { email: null });
    $("email").value = "";
    await loadEmail();
    $("email-state").textContent = `${answer.message}.`;
  } catch (e) {
    report(e);
  }
}

async function forgot(event) {
  event.preventDefault();
  const account = $("forgot-account").value.trim();
  if (!account) {
    problem("Enter your name or your e-mail address.");
    $("forgot-account").focus();
    return;
  }
  try {
    const answer = await api("POST", "/password-reset", { account });
    problem("");
    $("forgot-state").textContent = `${answer.message[0].toUpperCase()}${answer.message.slice(1)}.`;
  } catch (e) {
    report(e);
  }
}

$("email-form").addEventListener("submit", saveEmail);
$("email-remove").addEventListener("click", removeEmail);
$("forgot-form").addEventListener("submit", forgot);
$("password-form").addEventListener("submit", changePassword);
// The address is read each time the lobby is shown (on sign-in and on every return to it).
new MutationObserver(() => {
  if (!$("lobby-view").hidden && session.token) loadEmail();
}).observe($("lobby-view"), { attributes: true, attributeFilter: ["hidden"] });
if (session.token && !$("lobby-view").hidden) loadEmail();
