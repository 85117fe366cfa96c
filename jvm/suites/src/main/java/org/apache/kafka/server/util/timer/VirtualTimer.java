package org.apache.kafka.server.util.timer;

import java.util.concurrent.DelayQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Kafka's SystemTimer with its clock in the caller's hands, as the lab's is: the same TimingWheel
 * (tick 1 ms, 20 buckets), TimerTaskEntry and TimerTaskList, and the same advance loop (take each
 * due bucket, advance the wheel to its expiration, flush it back through add). It lives in Kafka's
 * package only because TimingWheel's constructor is package-private. Expired tasks run inline,
 * where SystemTimer hands them to an executor.
 */
public final class VirtualTimer {
    private final DelayQueue<TimerTaskList> delayQueue = new DelayQueue<>();
    private final AtomicInteger taskCounter = new AtomicInteger();
    private final TimingWheel wheel;
    private long now;

    public VirtualTimer(long startMs) {
        now = startMs;
        wheel = new TimingWheel(1, 20, startMs, taskCounter, delayQueue);
    }

    public void add(TimerTask task) {
        addEntry(new TimerTaskEntry(task, task.delayMs + now));
    }

    private void addEntry(TimerTaskEntry e) {
        if (!wheel.add(e) && !e.cancelled()) e.timerTask.run();
    }

    /**
     * Moves the clock to {@code toMs}, running what falls due. The buckets' expirations are virtual
     * times, long past on the wall clock, so the delay queue's own expiry test would pass them all:
     * each bucket is taken only when its expiration has come on this clock.
     */
    public void advance(long toMs) {
        TimerTaskList bucket = delayQueue.peek();
        while (bucket != null && bucket.getExpiration() <= toMs) {
            delayQueue.poll();
            wheel.advanceClock(bucket.getExpiration());
            bucket.flush(this::addEntry);
            bucket = delayQueue.peek();
        }
        now = Math.max(now, toMs);
    }

    public int size() {
        return taskCounter.get();
    }
}
