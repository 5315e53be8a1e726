/** Words that make a subject about software, so developer jokes fit it ("a code review app", "Shipyard CLI"). */
const ABOUT_CODE =
  /(?<![\p{L}\p{N}])(?:code|coding|coders?|software|dev|devs|developers?|devops|apps?|api|apis|saas|sdk|cli|programming|programmers?|github|gitlab|git|tech|hackathons?|javascript|typescript|python|golang|kotlin|backend|frontend|full[- ]?stack|web ?dev|ide|compilers?|open[- ]source)(?![\p{L}\p{N}])/iu;

/** Whether a subject (topic or brand name) is about code, so lines tagged "code" may be used for it. */
export function isAboutCode(subject: string): boolean {
  return ABOUT_CODE.test(subject);
}
