import { briefClauses, extractiveCandidates } from '@gl/worker/offline/brief-clauses';
import { parseFrame } from '@gl/worker/offline/frame';
const f = parseFrame('Mobile bike repair in Leeds. We come to your office car park, fix it while you work, no fix no fee');
console.log(briefClauses(f), f.facts, f.kind.ctas.en);
console.log(extractiveCandidates(f, 'adlines', 'bold').map((c) => c.text));
