// The student's routes, and creating a class: make a class, look one up, join it (by name, or by
// a roster code), fetch a lesson's questions and cards, answer (graded with the real structures,
// stored before it is acknowledged: answers.ts), and keep a concept check's answers (quiz.ts).
// A class's teacher routes are in teacherApi.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cardState, question, takeAnswer } from '../src/exercises/card';
import type {
  ActionResult, ClassInfo, CreateClass, Created, JoinClass, Joined, KeepQuiz, LessonWork, NewAction, QuizTaken, StudentQuiz,
} from '../src/classroom/api';
import { MAX_STORED_ANSWERS } from '../src/exercises/scoring';
import { lessonQuiz } from '../src/teaching/quiz';
import { checked, joinLimit, perAddress, perKey, type ApiContext } from './access';
import { AnswerQueue } from './answers';
import { HttpError, checkLesson, dueDate } from './errors';
import { PerMinute } from './keys';
import { checkClassName, checkName } from './names';
import { keepQuiz, quizOf, quizProblem } from './quiz';
import { joinWithCode } from './roster';
import { actionBody, classParams, createClassBody, joinBody, lessonParams, quizBody } from './schemas';
import { createClass, dueFor, findClass, info, joinClass, logOf, type ClassRow } from './store';
import { timings } from './timings';
import { normalCode, tokenHash } from './tokens';

const REFUSED: Record<string, (cls: ClassRow) => string> = {
  'no-attempts-left': (cls) => `No attempts left at this question: this class takes ${cls.maxAttempts} ${cls.maxAttempts === 1 ? 'answer' : 'answers'} per question.`,
  'too-many-answers': () => `${MAX_STORED_ANSWERS} answers to this question are stored already, the most this server keeps for one question: it takes no more.`,
  removed: () => 'Your teacher removed you from this class: nothing more is stored.',
};

export async function studentApi(app: FastifyInstance, o: ApiContext) {
  const { api, limits, keys } = o;
  const wrongCodes = new PerMinute();
  const student = (req: FastifyRequest) =>
    checked(req, (token) => keys.student(token, req.ip),
      () => new HttpError(401, 'This browser has not joined a class on this server (or its key is not valid): open the class’s join link.'));
  const lessonSet = (cls: ClassRow, lesson: string, seed: string) => {
    checkLesson(cls, lesson);
    const set = o.sets(lesson, seed);
    if (!set) throw new HttpError(404, `This server has no exercises for the lesson “${lesson}”.`);
    return set;
  };
  const answers = new AnswerQueue(o.db);
  answers.onWritten = (rows) => o.live.known(rows);

  app.post<{ Body: CreateClass }>(`${api}classes`, { schema: { body: createClassBody }, config: perAddress(limits.create) }, async (req, reply): Promise<Created> => {
    const b = req.body;
    const unknown = b.lessons.filter((l) => !o.lessons.includes(l));
    if (unknown.length) throw new HttpError(400, `No lesson “${unknown[0]}” with exercises on this server.`);
    const dueAt = b.dueAt ? dueDate(b.dueAt, { future: true }) : null;
    const name = checkClassName(b.name);
    if (!name.ok) throw new HttpError(400, name.problem);
    const { cls, teacherToken } = await createClass(o.db, {
      name: name.name, lessons: b.lessons, seed: b.seed, policy: b.policy, dueAt,
      // An assessment gives each student a set of their own unless told otherwise: a throwaway
      // name then learns nothing of anyone's questions.
      seedPerStudent: b.seedPerStudent ?? b.policy === 'assessment',
      maxAttempts: b.maxAttempts ?? null, penalty: b.penalty ?? 0, roster: b.roster ?? false,
    });
    keys.created(cls, tokenHash(teacherToken));
    reply.code(201);
    return { id: cls.id, teacherToken };
  });

  app.get<{ Params: { id: string } }>(`${api}classes/:id`, { schema: { params: classParams }, config: perAddress(limits.read) }, async (req): Promise<ClassInfo> => {
    const cls = await findClass(o.db, req.params.id);
    if (!cls) throw new HttpError(404, 'There is no such class on this server.');
    return info(cls);
  });

  app.post<{ Params: { id: string }; Body: JoinClass }>(`${api}classes/:id/students`,
    { schema: { params: classParams, body: joinBody }, config: joinLimit(limits.join) }, async (req, reply): Promise<Joined> => {
      const cls = await findClass(o.db, req.params.id);
      if (!cls) throw new HttpError(404, 'There is no such class on this server.');
      const b = req.body;
      if ('code' in b) {
        // Wrong codes have a budget of their own, per address and class: a flood of them shuts
        // only that class's code joins from that address for the minute, not name joins or
        // other classes (their requests are counted apart too: `joinLimit`).
        const wrongFrom = `${req.ip} ${cls.id}`;
        if (wrongCodes.spent(wrongFrom, limits.wrongCodes)) {
          throw new HttpError(429, `${limits.wrongCodes} wrong codes for this class came from this address in the last minute: wait a minute, then type your code again carefully.`);
        }
        const code = normalCode(b.code);
        if (!code) throw new HttpError(400, 'That is not a join code: a code is ten letters and digits, like ABCDE-23456 (case, spaces and dashes do not matter).');
        const joined = await joinWithCode(o.db, cls, code);
        if (joined === 'closed') throw new HttpError(403, 'This class is past its due date: your code is kept, and works if your teacher reopens the class or gives you more time.');
        if (!joined) {
          wrongCodes.take(wrongFrom, limits.wrongCodes);
          throw new HttpError(403, 'This code does not open this class: check it against the one your teacher gave you (each code works once; ask for a new one if yours was used).');
        }
        keys.joined(joined.student);
        reply.code(201);
        return { token: joined.token, name: joined.student.name, cls: info(cls, joined.student) };
      }
      if (cls.roster) throw new HttpError(403, 'This class takes only the students on its roster: join with the code your teacher gave you.');
      if (!info(cls).open) throw new HttpError(403, 'This class is past its due date.');
      const name = checkName(b.name);
      if (!name.ok) throw new HttpError(400, name.problem);
      const joined = await joinClass(o.db, cls, name.name);
      if (joined === 'taken') throw new HttpError(409, 'Someone in this class already joined with that name: add an initial; or, if it is you, open the come-back link you were shown, use the browser you joined with, or ask your teacher for a code to come back with.');
      keys.joined(joined.student);
      reply.code(201);
      return { token: joined.token, name: joined.student.name, cls: info(cls) };
    });

  app.get<{ Params: { lesson: string } }>(`${api}work/:lesson`, { schema: { params: lessonParams }, config: perKey(limits.read) }, async (req): Promise<LessonWork> => {
    const { student: s, cls } = await student(req);
    const set = lessonSet(cls, req.params.lesson, s.seed);
    const p = { lesson: req.params.lesson, seed: s.seed, student: s.name, log: await logOf(o.db.knex, s.id, req.params.lesson) };
    return {
      cls: info(cls, s), student: s.name, lesson: req.params.lesson,
      questions: set.map((i) => question(i, cls.policy)),
      cards: Object.fromEntries(set.map((i) => [i.id, cardState(p, i, cls)])),
      ...(s.dueAt ? { dueAt: s.dueAt.toISOString() } : {}),
    };
  });

  app.post<{ Body: NewAction }>(`${api}work`, { schema: { body: actionBody }, config: perKey(limits.answer) }, async (req): Promise<ActionResult> => {
    const t0 = performance.now();
    const { student: s, cls } = await student(req);
    timings.add('request: key', performance.now() - t0);
    const a = req.body;
    const set = lessonSet(cls, a.lesson, s.seed);
    const inst = set.find((i) => i.id === a.exercise);
    if (!inst) throw new HttpError(404, `The lesson “${a.lesson}” has no exercise “${a.exercise}”.`);
    if (!info(cls, s).open) throw new HttpError(403, `This class closed at ${dueFor(cls, s)!.toISOString()}: answers are no longer taken.`);
    if (cls.policy === 'assessment' && (a.action === 'hint' || a.action === 'reveal')) throw new HttpError(403, 'This class is an assessment: no hints or answers are given.');
    // An assessment offers no replay (it would show the steps), so there is none to record.
    if (cls.policy === 'assessment' && a.action === 'replay') throw new HttpError(403, 'This class is an assessment: it offers no replays, so none is recorded.');
    let answer;
    if (a.action === 'answer') {
      const taken = takeAnswer(inst, a.answer);
      if (!taken.ok) throw new HttpError(400, `The answer is not valid: ${taken.problem}.`);
      answer = taken.answer;
    } else if (a.answer !== undefined) throw new HttpError(400, `A “${a.action}” carries no answer.`);
    const t1 = performance.now();
    const r = await answers.record({ student: s, cls, inst, action: { ...a, answer } });
    const t2 = performance.now();
    if (r.why && r.why in REFUSED) throw new HttpError(403, REFUSED[r.why](cls));
    const card = cardState(r.progress, inst, cls);
    const t3 = performance.now();
    timings.add('request: key and checks', t1 - t0);
    timings.add('request: queue and transaction', t2 - t1);
    timings.add('request: card', t3 - t2);
    return { card, stored: r.stored };
  });

  // The lessons' concept checks (quiz.ts): a phase's answers kept once; not graded for a score.
  const quizFor = (cls: ClassRow, lesson: string) => {
    checkLesson(cls, lesson);
    const items = lessonQuiz(lesson);
    if (!items) throw new HttpError(404, `The lesson “${lesson}” has no concept check.`);
    return items;
  };

  app.get<{ Params: { lesson: string } }>(`${api}quiz/:lesson`, { schema: { params: lessonParams }, config: perKey(limits.read) }, async (req): Promise<StudentQuiz> => {
    const { student: s, cls } = await student(req);
    quizFor(cls, req.params.lesson);
    return quizOf(o.db, s.id, req.params.lesson);
  });

  app.post<{ Body: KeepQuiz }>(`${api}quiz`, { schema: { body: quizBody }, config: perKey(limits.answer) }, async (req, reply): Promise<QuizTaken> => {
    const { student: s, cls } = await student(req);
    const { lesson, phase, answers: given } = req.body;
    const problem = quizProblem(quizFor(cls, lesson), given);
    if (problem) throw new HttpError(400, problem);
    if (!info(cls, s).open) throw new HttpError(403, `This class closed at ${dueFor(cls, s)!.toISOString()}: answers are no longer taken.`);
    const kept = await keepQuiz(o.db, s.id, lesson, phase, given);
    if (kept.outcome === 'different') {
      throw new HttpError(409, `You kept other answers to this check ${phase === 'pre' ? 'before the lesson' : 'after the lesson'} already, at ${kept.taken.at}: each is taken once, so what the class learned stays what it was.`);
    }
    reply.code(kept.outcome === 'kept' ? 201 : 200);
    return kept.taken;
  });
}
