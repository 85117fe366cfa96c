// The teacher's routes, each opened by the class's teacher key: the class as a whole (once, when
// the page opens), its live feed (what changed since: liveFeed.ts), the projector's board (no
// seed, no answer), the answer key for one of the class's seeds, editing the class (name, due
// date, roster rule, deletion), its students (roster rows and their codes, extensions, removing
// and merging rows) and its projector key. The projector key opens the board and the board's
// live feed, and nothing else: a projector link on a classroom's PC, its address edited, opens
// no teacher page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { showAnswer } from '../src/exercises/exercises';
import type { Board, ClassQuiz, EditClass, EditStudent, Merge, Report, RosterAdded, RosterEntry } from '../src/classroom/api';
import { checked, perKey, type ApiContext } from './access';
import { HttpError, checkLesson, dueDate } from './errors';
import {
  classParams, editClassBody, editStudentBody, eventsQuery, keyQuery, mergeBody, rosterBody, ROSTER_BODY_LIMIT, studentParams,
} from './schemas';
import { classData, deleteClass, info, reportStudent, seedsOf, setProjectorKey, updateClass, type ClassRow } from './store';
import { addRoster, mergeStudents, reissueCode, removeStudent, setStudentDue } from './roster';
import { board } from './board';
import { classQuiz } from './quiz';
import { checkClassName } from './names';
import type { View } from './liveFeed';

type ClassReq = FastifyRequest<{ Params: { id: string } }>;
type StudentReq = FastifyRequest<{ Params: { id: string; student: string } }>;

export async function teacherApi(app: FastifyInstance, o: ApiContext) {
  const { api, db } = o;
  const config = perKey(o.limits.teacher);
  const teacherClass = (req: ClassReq) =>
    checked(req, (token) => o.keys.teacher(req.params.id, token, req.ip),
      () => new HttpError(403, 'This link’s teacher key does not open this class (or the class was deleted).'));
  const noStudent = () => new HttpError(404, 'This class has no such student.');
  /** The class and who opened it: the board and its feed take the teacher's key or the projector key. */
  const boardReader = (req: ClassReq) =>
    checked<{ cls: ClassRow; projector: boolean }>(req, async (token) => {
      const t = await o.keys.teacher(req.params.id, token, req.ip);
      if ('ok' in t) return { ok: { cls: t.ok, projector: false } };
      if (t.refused === 'unknown-ids-exhausted') return t;
      const p = await o.keys.projector(req.params.id, token, req.ip);
      return 'ok' in p ? { ok: { cls: p.ok, projector: true } } : p;
    }, () => new HttpError(403, 'This link’s key does not open this class’s board: the teacher revoked this projector link or made a new one, or deleted the class. Ask for the new link.'));

  app.get(`${api}classes/:id/report`, { schema: { params: classParams }, config }, async (req: ClassReq): Promise<Report> => {
    const cls = await teacherClass(req);
    const data = await classData(db, cls);
    return {
      cls: { ...info(cls), seed: cls.seed, seedPerStudent: cls.seedPerStudent, createdAt: cls.createdAt.toISOString(), projector: cls.projector },
      students: data.students.map(reportStudent),
      actions: data.actions,
    };
  });

  // What the class learned from each lesson's concept check (quiz.ts): read when the page asks.
  app.get(`${api}classes/:id/quiz`, { schema: { params: classParams }, config }, async (req: ClassReq): Promise<ClassQuiz> => classQuiz(db, await teacherClass(req)));

  app.get(`${api}classes/:id/board`, { schema: { params: classParams }, config }, async (req: ClassReq): Promise<Board> => {
    const { cls } = await boardReader(req);
    const data = await classData(db, cls);
    return board(cls, o.sets, data.students, data.actions);
  });

  app.get<{ Params: { id: string }; Querystring: { view?: View } }>(`${api}classes/:id/events`, { schema: { params: classParams, querystring: eventsQuery }, config },
    async (req, reply: FastifyReply) => {
      const view = req.query.view ?? 'teacher';
      const { cls, projector } = view === 'board' ? await boardReader(req) : { cls: await teacherClass(req), projector: false };
      if (!db.feed.up()) throw new HttpError(503, 'The class server is reconnecting to its database’s change feed: the live view resumes when it is back.');
      // A HEAD asks what a GET would answer: it follows nothing and holds no slot.
      if (req.method === 'HEAD') return reply.code(200).header('content-type', 'text/event-stream').header('cache-control', 'no-store').send();
      const full = o.live.refusal(cls.id, req.ip);
      if (full) throw new HttpError(full.status, full.message);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-content-type-options': 'nosniff' });
      // Followed before the page reads the class: whatever is stored from now on reaches it (it
      // drops what its read already had, by id).
      const stop = o.live.follow(cls, res, view, req.ip, projector);
      res.write('retry: 2000\n\n');
      req.raw.on('close', stop);
    });

  app.get<{ Params: { id: string }; Querystring: { lesson: string; seed: string } }>(`${api}classes/:id/key`,
    { schema: { params: classParams, querystring: keyQuery }, config }, async (req) => {
      const cls = await teacherClass(req);
      const { lesson, seed } = req.query;
      checkLesson(cls, lesson);
      if (!(await seedsOf(db, cls)).includes(seed)) throw new HttpError(404, 'No student of this class has that question set.');
      return { lesson, seed, key: (o.sets(lesson, seed) ?? []).map((i) => ({ id: i.id, title: i.title, answer: showAnswer(i, i.expected), explanation: i.explanation })) };
    });

  app.patch<{ Params: { id: string }; Body: EditClass }>(`${api}classes/:id`, { schema: { params: classParams, body: editClassBody }, config }, async (req) => {
    const cls = await teacherClass(req);
    const b = req.body;
    const name = b.name === undefined ? undefined : checkClassName(b.name);
    if (name && !name.ok) throw new HttpError(400, name.problem);
    await updateClass(db, cls, { name: name?.name, dueAt: b.dueAt === undefined ? undefined : b.dueAt ? dueDate(b.dueAt, { future: false }) : null, roster: b.roster });
    o.keys.classChanged(cls.id);
    return {};
  });

  app.delete(`${api}classes/:id`, { schema: { params: classParams }, config }, async (req: ClassReq) => {
    const cls = await teacherClass(req);
    await deleteClass(db, cls);
    o.keys.classChanged(cls.id);
    return {};
  });

  // The projector's own key: made (ending the one out before) or revoked by the teacher; only
  // its hash is kept, so the key is in this answer once.
  app.post(`${api}classes/:id/projector`, { schema: { params: classParams }, config }, async (req: ClassReq, reply) => {
    const cls = await teacherClass(req);
    const projectorToken = await setProjectorKey(db, cls);
    o.keys.classChanged(cls.id);
    reply.code(201);
    return { projectorToken };
  });

  app.delete(`${api}classes/:id/projector`, { schema: { params: classParams }, config }, async (req: ClassReq) => {
    const cls = await teacherClass(req);
    await setProjectorKey(db, cls, true);
    o.keys.classChanged(cls.id);
    return {};
  });

  app.post<{ Params: { id: string }; Body: { students: RosterEntry[] } }>(`${api}classes/:id/roster`,
    { schema: { params: classParams, body: rosterBody }, config, bodyLimit: ROSTER_BODY_LIMIT }, async (req, reply): Promise<RosterAdded> => {
      const cls = await teacherClass(req);
      const added = await addRoster(db, cls, req.body.students);
      reply.code(201);
      return { codes: added.map((a) => ({ student: a.student.id, name: a.student.name, code: a.code })) };
    });

  app.post(`${api}classes/:id/students/:student/code`, { schema: { params: studentParams }, config }, async (req: StudentReq) => {
    const cls = await teacherClass(req);
    const r = await reissueCode(db, cls, req.params.student);
    if (!r) throw noStudent();
    return { student: r.student.id, name: r.student.name, code: r.code };
  });

  app.patch<{ Params: { id: string; student: string }; Body: EditStudent }>(`${api}classes/:id/students/:student`,
    { schema: { params: studentParams, body: editStudentBody }, config }, async (req) => {
      const cls = await teacherClass(req);
      if (!(await setStudentDue(db, cls, req.params.student, req.body.dueAt ? dueDate(req.body.dueAt, { future: false }) : null))) throw noStudent();
      o.keys.studentChanged(req.params.student);
      return {};
    });

  app.delete(`${api}classes/:id/students/:student`, { schema: { params: studentParams }, config }, async (req: StudentReq) => {
    const cls = await teacherClass(req);
    if (!(await removeStudent(db, cls, req.params.student))) throw noStudent();
    o.keys.studentChanged(req.params.student);
    return {};
  });

  app.post<{ Params: { id: string }; Body: Merge }>(`${api}classes/:id/merge`, { schema: { params: classParams, body: mergeBody }, config }, async (req) => {
    const cls: ClassRow = await teacherClass(req);
    if (!(await mergeStudents(db, cls, req.body.from, req.body.into))) throw new HttpError(404, 'Merging takes two different students of this class.');
    o.keys.studentChanged(req.body.from);
    return {};
  });
}
