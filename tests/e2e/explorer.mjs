// The explorer (`gametable serve`) in a real browser: playwright-core
// driving the system Chromium. `tests/e2e/run` starts the server and sets
// EXPLORER_URL; by hand:
//   gametable serve --tables data --bind 127.0.0.1:7878 &
//   EXPLORER_URL=http://127.0.0.1:7878 node tests/e2e/explorer.mjs
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import assert from "node:assert/strict";

const base = process.env.EXPLORER_URL ?? "http://127.0.0.1:7878";
const screenshot = resolve(process.env.SCREENSHOT ?? "target/e2e/explorer.png");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";

let passed = 0;
let failed = 0;
async function check(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed += 1;
    console.log(`not ok - ${name}\n  ${String(e.stack ?? e).replaceAll("\n", "\n  ")}`);
  }
}

mkdirSync(dirname(screenshot), { recursive: true });
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
page.setDefaultTimeout(15000);
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });

const verdict = () => page.locator("#verdict");
const position = () => page.locator("#position").textContent();

// Clicks the best move (the page lists moves best first) and checks that
// the page it leads to is the position and value the link promised.
async function clickBest() {
  const best = page.locator("#moves a.move").first();
  const expected = {
    href: await best.getAttribute("href"),
    outcome: await best.getAttribute("data-outcome"),
    distance: await best.getAttribute("data-distance"),
  };
  await Promise.all([page.waitForURL((url) => url.pathname === decodeURIComponent(expected.href) || url.pathname === expected.href), best.click()]);
  assert.equal(await verdict().getAttribute("data-outcome"), expected.outcome);
  assert.equal(await verdict().getAttribute("data-distance"), expected.distance);
  return expected;
}

await check("Cards: the verdict, then the best move and its value", async () => {
  await page.goto(`${base}/cards/8-5/alice:10000000:00040020`);
  assert.equal(await verdict().textContent(), "alice to move: alice wins in 1 ply.");
  assert.equal(await page.locator("h2.winning").textContent(), "Winning moves for alice");
  assert.equal(await page.locator(".hand.to-move .card").count(), 8);
  await page.screenshot({ path: screenshot, fullPage: true });
  const moved = await clickBest();
  assert.equal(moved.outcome, "loss");
  assert.equal(await position(), "bob:00000000:42000000");
  assert.equal(await verdict().textContent(), "The game is over: alice has won.");
});

await check("Connect Four: the verdict, then the best move and its value", async () => {
  await page.goto(`${base}/connect4/4x4/1122`);
  assert.equal(await verdict().textContent(), "x to move: draw.");
  assert.equal(await page.locator("svg circle.disc-x").count(), 2);
  assert.equal(await page.locator("svg circle.disc-o").count(), 2);
  const moved = await clickBest();
  assert.match(await position(), /^1122[1-4]$/);
  assert.equal(await page.locator("svg circle.disc-x").count(), 3);
  if (moved.outcome === "draw") assert.equal(await verdict().textContent(), "o to move: draw.");
  // A decided position: x has three in the bottom row and wins at once.
  await page.goto(`${base}/connect4/4x4/112233`);
  assert.equal(await verdict().textContent(), "x to move: x wins in 1 ply.");
  const win = await clickBest();
  assert.equal(win.outcome, "loss");
  assert.equal(await position(), "1122334");
  assert.equal(await verdict().textContent(), "The game is over: x has won.");
});

await check("tic-tac-toe: a whole game against perfect play in the page", async () => {
  await page.goto(`${base}/tictactoe/3x3`);
  assert.equal(await verdict().textContent(), "x to move: draw.");
  await Promise.all([page.waitForURL(/play=second/), page.click("#play-second")]);
  // Perfect play is x and moves first; the person (o) plays each page's
  // best move, so the game ends in a draw.
  let plies = 0;
  for (let turn = 0; turn < 12; turn += 1) {
    await page.waitForFunction(() => {
      const s = document.getElementById("status").textContent;
      return s.startsWith("The game is over") || s.includes("your move");
    });
    const status = await page.locator("#status").textContent();
    plies = (await page.locator("#position").textContent()).replaceAll(".", "").length;
    if (status.startsWith("The game is over")) break;
    const before = page.url();
    await Promise.all([page.waitForURL((url) => url.href !== before), page.locator("#moves a.move").first().click()]);
  }
  assert.equal(await verdict().textContent(), "The game is over: draw.");
  assert.equal(plies, 9);
  assert.equal(await page.locator("#status").textContent(), "The game is over: draw. You played o.");
  // Perfect play's turns are not kept in the history: Back goes to the
  // person's last turn and stays there (it is not played on again).
  const over = page.url();
  await page.goBack();
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("your move"));
  const back = page.url();
  assert.notEqual(back, over);
  await page.waitForTimeout(800);
  assert.equal(page.url(), back);
  assert.match(await page.locator("#status").textContent(), /your move/);
});

await check("on perfect play's turn a board link taken by the keyboard does not move for it; after a failed answer it does", async () => {
  // The API held back (a slow server), then failing.
  let release;
  await page.route("**/api/query**", async (route) => {
    await new Promise((r) => { release = r; });
    await route.fulfill({ status: 500, contentType: "application/json", body: '{"error": "held"}' });
  });
  const before = errors.length;
  await page.goto(`${base}/connect4/4x4/1213?play=second`);
  assert.match(await page.locator("#status").textContent(), /is thinking/);
  await page.focus("a.drop[data-column='2']");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(500);
  assert.equal(new URL(page.url()).pathname, "/connect4/4x4/1213");
  release();
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("could not answer"));
  await Promise.all([page.waitForURL(/12132/), page.locator("a.drop[data-column='2']").click()]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  // The browser logs the 500 it was sent: expected here; nothing else.
  assert.ok(errors.slice(before).every((e) => e.includes("status of 500")), errors.join("\n"));
  errors.splice(before);
});

await check("a long position refused wraps on a phone's width, the game's form beside it", async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  const before = errors.length;
  const response = await page.goto(`${base}/cards/8-5?position=alice%3A1${"0".repeat(60)}%3A0`);
  assert.equal(response.status(), 400);
  // The browser logs the 400 it was sent: that one is expected here.
  assert.ok(errors.slice(before).every((e) => e.includes("status of 400")), errors.join("\n"));
  errors.splice(before);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 375, `the page is ${wide} px wide`);
  assert.equal(await page.locator("form.goto input[name=position]").count(), 1);
  await page.setViewportSize({ width: 1000, height: 900 });
});

await check("no script errors in any page", async () => {
  assert.deepEqual(errors, []);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
console.log(`screenshot: ${screenshot}`);
process.exit(failed === 0 ? 0 : 1);
