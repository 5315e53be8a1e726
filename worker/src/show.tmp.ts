import { generateOffline } from '/work/wt-offline/worker/src/generation/offline/offline-generator';
import { seededRandom } from '/work/wt-offline/worker/src/generation/offline/variety';
import { lineKey } from '/work/wt-offline/worker/src/generation/offline/text';
const briefs: any[] = JSON.parse(process.argv[2]!);
for (const b of briefs) {
  const random = seededRandom(7); const shown: string[] = [];
  console.log('==', JSON.stringify(b));
  for (let i = 0; i < 10; i++) {
    const r = generateOffline({ ...b, count: 5, random, recent: new Set(shown) });
    for (const l of r.lines) { shown.push(lineKey(l)); console.log(i, l); }
  }
}
