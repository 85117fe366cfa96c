//! What each wheel event does to the frame: the buckets, lists, overflow wheels and delay queue it
//! touched, and the sentence naming the clocks as Kafka's code reads them.

use super::*;

impl WheelRecorder {
    pub(super) fn on_begin(&mut self, e: WheelEvent, op: WheelOp) {
        // A public operation never runs inside a flush: an advance whose last flush was not
        // followed by a tick must not make the next cancel's unlink read as a flush's take.
        self.flushing = None;
        let text = self.begin(op);
        let subject = match self.current {
            Some(Action::Add { entity, .. }) | Some(Action::Cancel { entity }) => Some(entity),
            _ => None,
        };
        if self.kind == WheelVariant::DelayQueue {
            // The task the queue operation is about, for the heap's sentences.
            let item = subject.map(|entity| QueueItem {
                code: entity as i32,
                expiration: self.expirations[entity as usize],
                bucket: false,
                id: self.id(entity),
            });
            self.queue.set_subject(item);
        }
        self.step(e, [op as i32, 0], subject, None, text);
    }

    pub(super) fn on_beyond(&mut self, e: WheelEvent, timer: u32, level: usize) {
        let entity = self.entity(timer);
        let exp = self.expirations[entity as usize];
        let l = self.levels[level];
        self.set(self.at.focus_level, level as i64);
        let text = format!(
            "Level {level} ({} ms ticks, clock at {} ms) reaches only to {} ms; {exp} ms is beyond it: pass #{} up to level {}.",
            l.tick, l.time, l.time + l.interval - 1, self.id(entity), level + 1
        );
        self.step(e, [level as i32, 0], Some(entity), None, text);
    }

    pub(super) fn on_overflow(&mut self, e: WheelEvent, level: usize) {
        let below = self.levels[level];
        let new = LevelMirror {
            tick: below.interval,
            interval: below.interval * WHEEL_SIZE as u64,
            time: below.time - below.time % below.interval,
        };
        let n = self.levels.len();
        self.levels.push(new);
        if n < MAX_LEVELS {
            self.set(self.at.levels, (n + 1) as i64);
            self.set(self.at.level_tick + n, new.tick as i64);
            self.set(self.at.level_interval + n, new.interval as i64);
            self.set(self.at.level_time + n, new.time as i64);
        }
        let text = format!(
            "Level {} does not exist yet: make it, on first need. Its tick is level {level}'s whole interval, {} ms; its 20 slots span {} ms; its clock starts at {} ms, so it reaches to {} ms.",
            level + 1, new.tick, new.interval, new.time, new.time + new.interval - 1
        );
        // The level this step is about is the one it makes: the table highlights that row.
        self.set(self.at.focus_level, (level + 1) as i64);
        self.step(e, [level as i32, 0], None, None, text);
    }

    pub(super) fn on_place(&mut self, e: WheelEvent, timer: u32, level: usize, slot: usize) {
        let entity = self.entity(timer);
        let exp = self.expirations[entity as usize];
        let l = self.levels[level];
        let b = level * WHEEL_SIZE + slot;
        self.set(self.at.focus_level, level as i64);
        let text = format!(
            "{exp} ms is within level {level}'s reach ({} + {} ≤ {exp} < {} + {}): its slot is ({exp} / {}) mod 20 = {slot}.",
            l.time, l.tick, l.time, l.interval, l.tick
        );
        self.step(e, [level as i32, slot as i32], Some(entity), Some(b), text);
    }

    pub(super) fn on_insert(&mut self, e: WheelEvent, timer: u32, level: usize, slot: usize) {
        let entity = self.entity(timer);
        let b = level * WHEEL_SIZE + slot;
        let exp = self.expirations[entity as usize];
        let tick = self.levels[level].tick;
        let bucket_exp = (exp / tick * tick) as i64;
        let old = self.trace.get(self.at.bucket_exp + b);
        self.lists[b].push(entity);
        self.write_list(b);
        if (entity as usize) < MAX_TIMERS {
            self.set(self.at.timer_bucket + entity as usize, b as i64);
        }
        if let Some(from) = self.flushing {
            self.set(self.at.from_bucket, from as i64);
        }
        self.set(self.at.bucket_exp + b, bucket_exp);
        self.queue.set_subject(Some(QueueItem {
            code: b as i32,
            expiration: bucket_exp as u64,
            bucket: true,
            id: 0,
        }));
        let text = self.insert_text(entity, b, old, bucket_exp);
        self.step(e, [level as i32, slot as i32], Some(entity), Some(b), text);
    }

    /// The sentence for `entity` appended to bucket `b`, whose expiration was `old` and is now
    /// `bucket_exp`: whether the bucket must be offered to the delay queue again.
    fn insert_text(&self, entity: u32, b: usize, old: i32, bucket_exp: i64) -> String {
        let n = self.lists[b].len();
        let after = if n > 1 {
            format!(", after #{}", self.id(self.lists[b][n - 2]))
        } else {
            String::new()
        };
        let queued = if i64::from(old) == bucket_exp {
            format!(" The bucket already expires at {bucket_exp} ms and is in the delay queue: nothing more to do.")
        } else {
            let was = if old < 0 {
                "unset (−1)".to_string()
            } else {
                format!("{old} ms")
            };
            let now = i64::from(self.trace.get(self.at.now));
            let due = if bucket_exp > now {
                String::new()
            } else if matches!(self.current, Some(Action::Add { .. })) {
                format!(" It is due already (now is {now} ms): the reaper polls it on its next pass, as time passes; until then the timer waits in it, and a cancel still finds it.")
            } else {
                format!(" It is due already (now is {now} ms): the reaper polls it in turn.")
            };
            format!(" Its expiration changes from {was} to {bucket_exp} ms, so the bucket is offered to the delay queue next.{due}")
        };
        format!(
            "Append #{} at the tail of {}'s list{after}: O(1).{queued}",
            self.id(entity),
            bucket_name(b)
        )
    }

    pub(super) fn on_unlink(&mut self, e: WheelEvent, timer: u32, level: usize, slot: usize) {
        let entity = self.entity(timer);
        let b = level * WHEEL_SIZE + slot;
        self.lists[b].retain(|&x| x != entity);
        self.write_list(b);
        if (entity as usize) < MAX_TIMERS {
            self.set(self.at.timer_bucket + entity as usize, -1);
            self.set(self.at.timer_next + entity as usize, -1);
        }
        let id = self.id(entity);
        let text = if self.flushing.is_some() {
            format!("Take #{id}, the head of {}'s list.", bucket_name(b))
        } else {
            format!("Unlink #{id} from {}: its neighbours now point at each other. O(1), no search. The bucket stays in the delay queue, even if it is now empty.", bucket_name(b))
        };
        self.step(e, [level as i32, slot as i32], Some(entity), Some(b), text);
    }

    pub(super) fn on_flush(&mut self, e: WheelEvent, level: usize, slot: usize) {
        let b = level * WHEEL_SIZE + slot;
        self.flushing = Some(b);
        self.set(self.at.bucket_exp + b, -1);
        self.set(self.at.focus_level, level as i64);
        let n = self.lists[b].len();
        let text = if n == 0 {
            format!("Flush {}: its timers were all cancelled; it is empty. Its expiration resets to −1.", bucket_name(b))
        } else {
            format!(
                "Flush {}: take its {n} timer{}, head first, and add each again: it drops to a lower level, or fires. Its expiration resets to −1, so it can be offered again.",
                bucket_name(b), if n == 1 { "" } else { "s" }
            )
        };
        self.step(e, [level as i32, slot as i32], None, Some(b), text);
    }

    pub(super) fn on_cascade(&mut self, e: WheelEvent, timer: u32, from: usize, to: usize) {
        let entity = self.entity(timer);
        let b = self
            .trace
            .get(self.at.timer_bucket + entity.min(MAX_TIMERS as u32 - 1) as usize);
        let text = format!(
            "#{} moved down from level {from} to level {to}.",
            self.id(entity)
        );
        self.step(
            e,
            [from as i32, to as i32],
            Some(entity),
            usize::try_from(b).ok(),
            text,
        );
    }

    pub(super) fn on_fire(&mut self, e: WheelEvent, timer: u32, time: u64) {
        let entity = self.entity(timer);
        let exp = self.expirations[entity as usize];
        self.pending[entity as usize] = false;
        if (entity as usize) < MAX_TIMERS {
            self.set(self.at.timer_fired_at + entity as usize, time as i64);
            self.set(self.at.timer_bucket + entity as usize, -1);
        }
        if self.fired < MAX_TIMERS {
            self.set(self.at.fired + self.fired, i64::from(entity));
        }
        self.fired += 1;
        self.set(self.at.fired_count, self.fired as i64);
        let text = match self.kind {
            WheelVariant::Wheel if exp == time => format!(
                "#{} is due at {exp} ms, and the wheel's clock is there: it fires.",
                self.id(entity)
            ),
            WheelVariant::Wheel => format!(
                "#{} was due at {exp} ms; the wheel's clock is at {time} ms: it fires now.",
                self.id(entity)
            ),
            WheelVariant::DelayQueue => {
                format!("#{} is due at {exp} ms: it fires.", self.id(entity))
            }
        };
        self.step(e, [entity as i32, time as i32], Some(entity), None, text);
    }

    pub(super) fn on_tick(&mut self, e: WheelEvent, level: usize, time: u64) {
        if let Some(l) = self.levels.get_mut(level) {
            l.time = time;
        }
        if level < MAX_LEVELS {
            self.set(self.at.level_time + level, time as i64);
        }
        if level == 0 {
            self.flushing = None;
        }
        let text = if level == 0 {
            format!("The wheel's clock (level 0's) moves to {time} ms.")
        } else {
            format!("Level {level}'s clock moves to {time} ms.")
        };
        self.set(self.at.focus_level, level as i64);
        self.step(e, [level as i32, time as i32], None, None, text);
    }

    pub(super) fn on_queue(&mut self, e: WheelEvent, h: HeapEvent) {
        if let HeapEvent::Begin(op) = h {
            // A poll takes the root: name it in advance, as the sentence does.
            if op == HeapOp::Poll {
                self.flushing = None;
            }
        }
        let polled = (self.kind == WheelVariant::Wheel && h == HeapEvent::Begin(HeapOp::Poll))
            .then(|| {
                // The root of the heap is the bucket polled: the real clock has reached its expiration.
                let root = self.trace.get(self.queue_root) as usize;
                let expiration = i64::from(self.trace.get(self.at.bucket_exp + root));
                let now = i64::from(self.trace.get(self.at.now)).max(expiration);
                self.set(self.at.now, now);
                (expiration, now)
            });
        let (args, mut text) = self.queue.apply(&mut self.trace, self.queue_line, h);
        if let Some((expiration, now)) = polled {
            let when = if expiration == now {
                format!("it comes due now, at {now} ms")
            } else {
                format!("it is due (now is {now} ms)")
            };
            debug_assert!(
                matches!(self.current, Some(Action::Advance { .. })),
                "only the reaper polls, and it runs only as time passes"
            );
            text = format!("The delay queue's earliest bucket expires at {expiration} ms: {when}, so the reaper polls it. {text}");
        }
        self.step(e, args, None, None, text);
    }

    pub(super) fn on_wait(&mut self, e: WheelEvent, now: u64) {
        self.set(self.at.now, now as i64);
        self.flushing = None;
        let wheel = self.levels[0].time;
        let next = match self.trace.get(self.queue_size) {
            0 => "the delay queue is empty".to_string(),
            _ => {
                let root = self.trace.get(self.queue_root) as usize;
                format!(
                    "the earliest bucket expires at {} ms",
                    self.trace.get(self.at.bucket_exp + root)
                )
            }
        };
        let clocks = if wheel == now {
            format!("the wheel's clock is at {wheel} ms too")
        } else {
            format!(
                "the wheel's clock stays at {wheel} ms, {} ms behind, until a bucket comes due",
                now - wheel
            )
        };
        let text = format!("Nothing more is due by {now} ms ({next}): the reaper waits. Now is {now} ms; {clocks}.");
        self.step(e, [now as i32, wheel as i32], None, None, text);
    }
}
