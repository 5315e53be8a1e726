import { extractiveCandidates } from '@gl/worker/offline/brief-clauses';
import { parseFrame } from '@gl/worker/offline/frame';
import { lineFits } from '@gl/worker/offline/kind-writer';
const f = parseFrame(process.argv[2] as string);
for (const c of extractiveCandidates(f, process.argv[3] as never, (process.argv[4] ?? 'bold') as never)) console.log(c.text, lineFits(c.text, f, 'en'));
