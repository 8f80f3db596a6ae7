// "#/account": your account. A guest claims a name (a password if they like), signs in with a
// password, a passkey or a code another device shows; a signed-in player adds passkeys, shows a
// code for another device, sees the devices signed in and signs them out, exports or deletes.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { friendsSection } from "./friends.js";
import { newEventForm } from "./newevent.js";
import { inbox } from "./inbox.js";
import { untilReachable } from "./reach.js";

/** A labelled input of a form. */
function field(label, attrs) {
  return h("label", { class: "account-field" }, h("span", {}, label), h("input", attrs));
}

/** A time of the server (seconds) as the browser writes it. */
function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : "never";
}

/** Whether this browser can make and use passkeys. */
function passkeysHere() {
  return Boolean(window.PublicKeyCredential && PublicKeyCredential.parseCreationOptionsFromJSON);
}

export class AccountPage {
  /** `linkCode`: the code of "#/link/CODE" (another device's QR code): this device signs in by it. */
  constructor(root, linkCode) {
    this.root = root;
    this.linkCode = linkCode || null;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading\u2026"));
    try {
      this.state = await untilReachable(this, () => api("GET", "/api/account"));
    } catch (error) {
      if (!this.stopped) this.show([h("p", { class: "error-line" }, error.message)]);
      return;
    }
    if (this.stopped) return;
    if (this.linkCode && !this.state.signed_in) {
      const code = this.linkCode;
      this.linkCode = null;
      history.replaceState(null, "", "#/account"); // (the code is used once: not kept in the address)
      this.show([]);
      await this.attempt(() => api("POST", "/api/account/link", { code }));
      return;
    }
    inbox.refresh(); // (signed in or out just now: the inbox follows)
    if (this.state.signed_in) await this.signedIn();
    else this.guest();
  }

  stop() {
    this.stopped = true;
  }

  show(parts) {
    clear(this.root).append(
      h(
        "section",
        { class: "panel account-page", "data-testid": "account" },
        h("h2", {}, "Your account"),
        h("p", { class: "error-line", "data-testid": "account-error", hidden: true }),
        parts,
      ),
    );
  }

  /** Run an API call for a button or a form; its error in the page's error line. */
  async attempt(run) {
    const line = this.root.querySelector("[data-testid=account-error]");
    if (line) line.hidden = true;
    try {
      await run();
    } catch (error) {
      if (line) {
        line.textContent = error.message;
        line.hidden = false;
      }
      return;
    }
    await this.start();
  }

  form(testid, title, fields, label, submit) {
    const form = h(
      "form",
      { class: "account-form", "data-testid": testid },
      h("h3", {}, title),
      fields,
      h("button", { type: "submit", class: "primary" }, label),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const values = Object.fromEntries(new FormData(form).entries());
      this.attempt(() => submit(values));
    });
    return form;
  }

  guest() {
    const parts = [
      h(
        "p",
        { class: "muted" },
        "You play as a guest. Claim a name to be the same player on every device: " +
          "your games and statistics stay yours.",
      ),
      this.form(
        "claim-form",
        "Claim a name",
        [
          field("Name", { name: "name", required: true, minlength: 3, maxlength: 20, autocomplete: "username" }),
          field("Password (optional)", { name: "password", type: "password", autocomplete: "new-password" }),
        ],
        "Claim",
        (v) => api("POST", "/api/account", { name: v.name, password: v.password || null }),
      ),
      this.form(
        "sign-in-form",
        "Sign in",
        [
          field("Name", { name: "name", required: true, autocomplete: "username" }),
          field("Password", { name: "password", type: "password", required: true, autocomplete: "current-password" }),
        ],
        "Sign in",
        (v) => api("POST", "/api/account/sign-in", { name: v.name, password: v.password }),
      ),
      this.form(
        "link-form",
        "Sign in with a code",
        [field("The code your other device shows", { name: "code", required: true, autocomplete: "off" })],
        "Sign in",
        (v) => api("POST", "/api/account/link", { code: v.code }),
      ),
    ];
    if (passkeysHere())
      parts.splice(
        2,
        0,
        h(
          "button",
          { type: "button", "data-action": "passkey-sign-in", onclick: () => this.attempt(() => this.passkeySignIn()) },
          "Sign in with a passkey",
        ),
      );
    this.show(parts);
  }

  async passkeySignIn() {
    const options = await api("POST", "/api/account/passkey-sign-in/options", {});
    const credential = await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    });
    await api("POST", "/api/account/passkey-sign-in", { credential: credential.toJSON() });
  }

  async addPasskey() {
    const options = await api("POST", "/api/account/passkeys/options", {});
    const credential = await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
    });
    await api("POST", "/api/account/passkeys", { credential: credential.toJSON() });
  }

  async signedIn() {
    const [devices, keys, friends] = await Promise.all([
      api("GET", "/api/account/sessions"),
      api("GET", "/api/account/passkeys"),
      friendsSection((run) => this.attempt(run)),
    ]);
    if (this.stopped) return;
    const account = this.state.account;
    const button = (action, text, run, extra = {}) =>
      h("button", { type: "button", "data-action": action, onclick: () => this.attempt(run), ...extra }, text);
    const code = h("div", { class: "link-code", "data-testid": "link-code", hidden: true });
    const showCode = async () => {
      const made = await api("POST", "/api/account/link-code", {});
      clear(code).append(
        h("img", {
          class: "link-qr",
          src: made.qr,
          alt: "the code as a QR code: open it with the other device's camera",
          "data-testid": "link-qr",
        }),
        h(
          "span",
          {},
          h("strong", { "data-testid": "link-code-text" }, made.code),
          ": type it on your other device within five minutes, or scan the QR code with its camera.",
        ),
      );
      code.hidden = false;
    };
    this.show([
      h(
        "p",
        {},
        "Signed in as ",
        h("strong", { "data-testid": "account-name" }, account.name),
        ". ",
        h("a", { href: `#/player/${encodeURIComponent(account.name)}`, "data-action": "profile" }, "Your profile"),
      ),
      friends,
      newEventForm(),
      h(
        "section",
        { "data-testid": "passkeys" },
        h("h3", {}, "Passkeys"),
        keys.length
          ? h(
              "ul",
              {},
              keys.map((key) =>
                h("li", { "data-testid": "passkey" }, `${key.label}, last used ${when(key.last_used)}`),
              ),
            )
          : h("p", { class: "muted" }, "No passkey yet."),
        passkeysHere() ? button("add-passkey", "Add a passkey", () => this.addPasskey()) : null,
      ),
      h(
        "section",
        {},
        h("h3", {}, "Another device"),
        h(
          "button",
          {
            type: "button",
            "data-action": "show-link-code",
            onclick: () => showCode().catch((error) => (code.textContent = error.message)),
          },
          "Show a code to sign it in",
        ),
        code,
      ),
      h(
        "section",
        { "data-testid": "devices" },
        h("h3", {}, "Devices signed in"),
        h(
          "ul",
          {},
          devices.map((device) =>
            h(
              "li",
              { "data-testid": "device" },
              `${device.device}${device.this ? " (this one)" : ""}, last used ${when(device.last_used)} `,
              device.this
                ? null
                : button("end-session", "Sign out", () => api("DELETE", `/api/account/sessions/${device.id}`), {
                    class: "small subtle",
                  }),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "account-actions" },
        button("sign-out", "Sign out", () => api("POST", "/api/account/sign-out", {})),
        button("sign-out-everywhere", "Sign out everywhere", () => api("POST", "/api/account/sign-out-everywhere", {})),
        h(
          "a",
          { href: "/api/account/export", download: "cribkit-account.json", "data-action": "export" },
          "Export my data",
        ),
      ),
      this.form(
        "delete-form",
        "Delete the account",
        [field("Type your name to delete it (your games stay, your name goes)", { name: "confirm", required: true })],
        "Delete",
        (v) => api("POST", "/api/account/delete", { confirm: v.confirm }),
      ),
    ]);
  }
}
