import { parseFrame } from '@gl/worker/offline/frame';
for (const b of process.argv.slice(2)) {
  const f = parseFrame(b);
  console.log(`${b}\n   kind=${f.kind.id} lang=${f.language} name=${JSON.stringify(f.name)} subject=${JSON.stringify(f.subject)} offers=${JSON.stringify(f.offers)} facts=${JSON.stringify(f.facts.map((x) => x.text))} places=${JSON.stringify(f.places)} speaker=${f.speaker}`);
}
