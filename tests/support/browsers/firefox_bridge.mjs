// Firefox for the tests (tests/support/browsers/firefox.py): Debian's firefox-esr, headless, driven over WebDriver
// BiDi by puppeteer-core (package.json). Reads one request a line on stdin ({id, op, ...}) and answers each with one
// line on stdout ({id, value} or {id, error}). A phone is a browser context of its own (its own cookies and storage);
// a dark phone's is in a second Firefox, started when first asked for, whose pages prefer the dark scheme.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2] || "/usr/bin/firefox-esr";
// Nothing leaves the machine: no updates, no telemetry, no safe-browsing lists, no captive-portal checks.
const QUIET = {
  "app.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "browser.safebrowsing.downloads.enabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.enabled": false,
  "extensions.getAddons.cache.enabled": false,
  "intl.accept_languages": "es-ES, es",
};

const browsers = {}; // "light" / "dark": the Firefox started for each, once asked for
const phones = new Map(); // id -> {context, page, errors}
let lastPhone = 0;

function browser(scheme) {
  if (!browsers[scheme]) {
    const prefs = { ...QUIET, "layout.css.prefers-color-scheme.content-override": scheme === "dark" ? 0 : 1 };
    browsers[scheme] = puppeteer.launch({ browser: "firefox", executablePath, headless: true, extraPrefsFirefox: prefs });
  }
  return browsers[scheme];
}

function phone(id) {
  const found = phones.get(id);
  if (!found) throw new Error(`no phone ${id}`);
  return found;
}

const ops = {
  async open({ dark, width, height }) {
    const context = await (await browser(dark ? "dark" : "light")).createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height, deviceScaleFactor: 3 });
    const id = ++lastPhone;
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error && error.message ? error.message : error)));
    phones.set(id, { context, page, errors });
    return id;
  },
  async goto({ phone: id, url }) {
    await phone(id).page.goto(url, { waitUntil: "load" });
    return null;
  },
  // The document's own address: puppeteer's page.url() may still give the last page's for a moment after the new
  // one has loaded (a form's POST answered by a redirect), when the test already reads the new page.
  async url({ phone: id }) {
    const page = phone(id).page;
    try {
      return await page.evaluate(() => location.href);
    } catch (error) {
      return page.url(); // between two documents
    }
  },
  async call({ phone: id, source, args }) {
    return phone(id).page.evaluate(`(${source})(...${JSON.stringify(args)})`);
  },
  async click({ phone: id, selector }) {
    await phone(id).page.locator(selector).setTimeout(10000).click();
    return null;
  },
  async fill({ phone: id, selector, text }) {
    const page = phone(id).page;
    await page.$eval(selector, (field) => { field.value = ""; field.focus(); });
    await page.type(selector, text);
    return null;
  },
  async pick({ phone: id, selector, value }) {
    await phone(id).page.select(selector, value);
    return null;
  },
  async reload({ phone: id }) {
    await phone(id).page.reload({ waitUntil: "load" });
    return null;
  },
  async screenshot({ phone: id, path }) {
    await phone(id).page.screenshot({ path });
    return null;
  },
  async errors({ phone: id }) {
    return phone(id).errors;
  },
  async close({ phone: id }) {
    const found = phones.get(id);
    phones.delete(id);
    if (found) await found.context.close();
    return null;
  },
};

function answer(reply) {
  process.stdout.write(JSON.stringify(reply) + "\n");
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return;
  }
  try {
    const value = await ops[request.op](request);
    answer({ id: request.id, value: value === undefined ? null : value });
  } catch (error) {
    answer({ id: request.id, error: String(error && error.message ? error.message : error) });
  }
});
lines.on("close", async () => {
  for (const started of Object.values(browsers)) {
    try { await (await started).close(); } catch (error) { /* gone already */ }
  }
  process.exit(0);
});
answer({ id: 0, value: "ready" });
