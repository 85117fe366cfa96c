//! What each heap event does to the mirror: the slots it moves, clears or compares, the frame's
//! highlights, and the sentence the step says.

use super::*;

impl<T: HeapItem> HeapMirror<T> {
    /// Applies one heap event to the mirror and the frame; returns the step's arguments and sentence.
    pub fn apply(&mut self, trace: &mut TraceBuffer, line: u8, e: HeapEvent) -> ([i32; 2], String) {
        self.line = line;
        let (args, focus, held, text) = match e {
            HeapEvent::Begin(op) => self.on_begin(trace, op),
            HeapEvent::Grow { old, new } => self.on_grow(trace, old, new),
            HeapEvent::Compare { a, b, ord } => self.on_compare(a, b, ord),
            HeapEvent::Equals { slot, matched } => self.on_equals(trace, slot, matched),
            HeapEvent::Move { from, to } => self.on_move(from, to),
            HeapEvent::Lift { slot } => self.on_lift(slot),
            HeapEvent::Take { slot } => self.on_take(slot),
            HeapEvent::Clear { slot } => self.on_clear(slot),
            HeapEvent::IndexWrite { slot, index } => self.on_index_write(slot, index),
        };
        // A scanned mark says the scan looked at what a slot held: once another element moves in
        // (a sift after the removal), the mark would claim it was looked at, so it goes.
        if let HeapEvent::Move { to, .. } = e {
            self.unmark_scanned(trace, to);
        }
        self.write_frame(trace, &focus, held);
        (args, text)
    }

    fn unmark_scanned(&self, trace: &mut TraceBuffer, slot: usize) {
        if slot < self.room {
            let f = trace.get(self.at.flags + slot);
            trace.set(self.at.flags + slot, f & !flag::SCANNED);
        }
    }

    fn on_begin(&mut self, trace: &mut TraceBuffer, op: HeapOp) -> Applied {
        let text = self.begin(trace, op);
        (
            [op as i32, self.slots.len() as i32],
            vec![],
            op == HeapOp::Offer,
            text,
        )
    }

    fn on_grow(&mut self, trace: &mut TraceBuffer, old: usize, new: usize) -> Applied {
        trace.set(self.at.capacity, new as i32);
        let slot = self.nouns.slot;
        let text =
            format!("The array is full ({old} {slot}s): copy it into a new one of {new} {slot}s.");
        ([old as i32, new as i32], vec![], false, text)
    }

    fn on_compare(&mut self, a: Loc, b: Loc, ord: Ordering) -> Applied {
        let text = self.compare_text(a, b, ord);
        let focus = [a, b]
            .iter()
            .filter_map(|l| if let Loc::Slot(i) = l { Some(*i) } else { None })
            .collect();
        (
            [loc_code(a), loc_code(b)],
            focus,
            a == Loc::Held || b == Loc::Held,
            text,
        )
    }

    fn on_equals(&mut self, trace: &mut TraceBuffer, slot: usize, matched: bool) -> Applied {
        let item = self.nouns.item;
        self.equals_calls += 1;
        let n = self.equals_calls;
        let here = self.name(Loc::Slot(slot));
        let text = if self.kind == HeapKind::Indexed {
            // Netty's `contains(node, i)`: the one slot the stored index names.
            if matched {
                format!("equals() call {n}: remove checks the {} its index names (Netty's contains()): {here} is the {item} to cancel.", self.nouns.slot)
            } else {
                format!("equals() call {n}: remove checks the {} its index names (Netty's contains()): {here} is another {item}, so it is not queued.", self.nouns.slot)
            }
        } else if matched {
            format!("equals() call {n}: {here} is the {item} to cancel. Found it.")
        } else {
            format!(
                "equals() call {n}: {here} is not the {item} to cancel; look at the next {}.",
                self.nouns.slot
            )
        };
        if slot < self.room {
            let f = trace.get(self.at.flags + slot);
            trace.set(self.at.flags + slot, f | flag::SCANNED);
        }
        trace.set(self.at.found, if matched { slot as i32 } else { -1 });
        ([slot as i32, i32::from(matched)], vec![slot], false, text)
    }

    fn on_move(&mut self, from: Loc, to: usize) -> Applied {
        let item = self.nouns.item;
        let d = self.key(from);
        // Which move this is comes from the line it is made on, as the highlight does: Netty's
        // remove moves the last element into the freed slot; every other move is a sift's.
        let text = match from {
            Loc::Slot(a) if self.line == self.lines.move_last => format!(
                "Move the last {item}, {d}, from [{a}] into the freed {} [{to}].",
                self.nouns.slot
            ),
            Loc::Slot(a) if to < a => format!("Move {d} up from [{a}] to [{to}]."),
            Loc::Slot(a) => format!("Move {d} down from [{a}] to [{to}]."),
            Loc::Held if self.nouns.hand => {
                format!("Place {d} in [{to}]: its place is found.")
            }
            Loc::Held => format!("{d} goes into [{to}]: its place is found."),
            Loc::Removed => format!("Move {d}."),
        };
        let value = self.at(from);
        // The moved item keeps the index it had stored until it writes its new one.
        let stored = match from {
            Loc::Slot(a) => {
                self.slots[a] = None;
                self.stored[a]
            }
            Loc::Held => {
                self.held = None;
                self.held_index
            }
            Loc::Removed => {
                self.removed = None;
                -1
            }
        };
        if to >= self.slots.len() {
            self.slots.resize(to + 1, None);
            self.stored.resize(to + 1, -1);
        }
        self.slots[to] = value;
        self.stored[to] = stored;
        // Netty's remove moves its last element into the freed slot: the array loses that last
        // slot (`--size`). A sift's move leaves a hole where it came from, still in the array.
        if let Loc::Slot(a) = from {
            if self.line == self.lines.move_last {
                self.shrink_to(a);
            }
        }
        let focus = match from {
            Loc::Slot(a) => vec![a, to],
            _ => vec![to],
        };
        ([loc_code(from), to as i32], focus, from == Loc::Held, text)
    }

    fn on_lift(&mut self, slot: usize) -> Applied {
        let item = self.nouns.item;
        let d = self.key(Loc::Slot(slot));
        let climb_again = self.line == self.lines.climb_again;
        let (hand, place) = (self.nouns.hand, self.nouns.slot);
        let text = if climb_again && hand {
            format!("{d} did not sink: it is still in [{slot}], where the removed {item} was. It may be earlier than that slot's parent, so siftUp picks it up again to climb.")
        } else if climb_again {
            format!("{d} did not sink: it is still in [{slot}], where the removed {item} was. It may be earlier than that {place}'s parent, so siftUp tries to move it up.")
        } else if self.lines.pick_up.contains(&self.line) && hand {
            format!("Pick {d} up from [{slot}] to move it further.")
        } else if self.lines.pick_up.contains(&self.line) {
            format!("{d} leaves [{slot}] to move further.")
        } else if hand {
            format!(
                "Take the last {item}, {d}, out of [{slot}] into the hand; [{slot}] is now empty."
            )
        } else {
            format!("Take the last {item}, {d}, off the end of the array, [{slot}], to fill the emptied {place}; [{slot}] is now empty.")
        };
        self.held = self.slots[slot].take();
        self.held_index = self.stored[slot];
        // Taking the last element off the end is the JDK's `--size`: the array ends before it.
        // Picked up to climb again, an element leaves a hole the array keeps.
        if !climb_again && !self.lines.pick_up.contains(&self.line) {
            self.shrink_to(slot);
        }
        ([slot as i32, -1], vec![slot], true, text)
    }

    fn on_take(&mut self, slot: usize) -> Applied {
        let item = self.nouns.item;
        let d = self.key(Loc::Slot(slot));
        let text = if self.subject.is_some() {
            format!("The {item} {d} leaves the queue from [{slot}].")
        } else {
            format!("Return the {item} {d} from [{slot}]; it leaves the queue.")
        };
        self.removed = self.slots[slot].take();
        ([slot as i32, 0], vec![slot], false, text)
    }

    fn on_clear(&mut self, slot: usize) -> Applied {
        self.slots.truncate(slot);
        self.stored.truncate(slot);
        (
            [slot as i32, 0],
            vec![slot],
            false,
            format!(
                "[{slot}] was the last {}: just empty it. Done.",
                self.nouns.slot
            ),
        )
    }

    fn on_index_write(&mut self, slot: usize, index: i32) -> Applied {
        let d = self.key(Loc::Slot(slot));
        let text = if index < 0 {
            format!("{d} writes −1 into its index: it is leaving the queue, and a later remove of it will be refused at once.")
        } else {
            format!("{d} writes its new index, {slot}, into itself.")
        };
        self.stored[slot] = index;
        ([slot as i32, index], vec![slot], false, text)
    }

    /// The array ends at `size` (the JDK's or Netty's `--size`): slots from there on are gone.
    /// Holes before it stay, drawn as holes, until a move fills them (the poll that empties
    /// slot 0 and takes the last element to fill it keeps slot 0 in the array: its size is 1).
    fn shrink_to(&mut self, size: usize) {
        debug_assert!(
            self.slots[size..].iter().all(Option::is_none),
            "only emptied slots leave the array"
        );
        self.slots.truncate(size);
        self.stored.truncate(size);
    }

    /// Clears this heap's highlights (a structure around it moved on to other work).
    pub fn unfocus(&mut self, trace: &mut TraceBuffer) {
        self.write_frame(trace, &[], false);
        for i in 0..self.slots.len().min(self.room) {
            let f = trace.get(self.at.flags + i);
            trace.set(self.at.flags + i, f & !flag::SCANNED);
        }
        trace.set(self.at.found, -1);
    }
}

/// What one event did to the heap: the step's arguments, the slots to highlight, whether the held
/// item is in play, and the sentence.
type Applied = ([i32; 2], Vec<usize>, bool, String);

fn loc_code(l: Loc) -> i32 {
    match l {
        Loc::Slot(i) => i as i32,
        Loc::Held => -1,
        Loc::Removed => -2,
    }
}
