// Generates jdk_priority_queue.txt: random operation sequences replayed on the real
// java.util.PriorityQueue, with the backing array's layout after each sequence. The Rust tests
// replay the same sequences on JdkHeap and require the same layout.
//
//   javac -d /tmp/jv JdkVectors.java &&
//   java --add-opens java.base/java.util=ALL-UNNAMED -cp /tmp/jv JdkVectors > jdk_priority_queue.txt
import java.lang.reflect.Field;
import java.util.PriorityQueue;
import java.util.Random;

public class JdkVectors {
    public static void main(String[] args) throws Exception {
        Field queueField = PriorityQueue.class.getDeclaredField("queue");
        queueField.setAccessible(true);
        Random random = new Random(20171110L);
        System.out.println("# ops ; layout ; capacity  (a K = offer, p = poll, r K = remove(Object))");
        for (int c = 0; c < 400; c++) {
            PriorityQueue<Long> pq = new PriorityQueue<>();
            StringBuilder ops = new StringBuilder();
            int n = random.nextInt(200);
            long next = 0;
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(7);
                if (kind < 4) {
                    // Unique keys: deadline * 1000 + sequence, as the lab's timers tie-break.
                    long key = random.nextInt(50) * 1000L + next++;
                    pq.offer(key);
                    ops.append("a ").append(key);
                } else if (kind == 4) {
                    pq.poll();
                    ops.append("p");
                } else {
                    long key = next == 0 ? 0 : random.nextInt(50) * 1000L + random.nextInt((int) next);
                    Object[] live = pq.toArray();
                    if (live.length > 0 && random.nextBoolean()) key = (Long) live[random.nextInt(live.length)];
                    pq.remove(key);
                    ops.append("r ").append(key);
                }
                ops.append(',');
            }
            Object[] queue = (Object[]) queueField.get(pq);
            StringBuilder layout = new StringBuilder();
            for (int i = 0; i < pq.size(); i++) layout.append(queue[i]).append(' ');
            System.out.println(ops + " ; " + layout.toString().trim() + " ; " + queue.length);
        }
    }
}
