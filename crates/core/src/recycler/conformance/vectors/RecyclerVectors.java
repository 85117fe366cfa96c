// Generates recycler_4_0_21.txt: random scripts of gets, recycles and thread exits on three
// threads, run on Netty 4.0.21.Final's real Recycler (netty-common-4.0.21.Final.jar), each script
// on a fresh Recycler, each script thread a Java thread of its own, with what every operation did.
// tests/recycler_vectors.rs runs the same scripts on the lab's WeakOrderRecycler and requires the
// same outcomes. The maximum capacity is a static system property, so one JVM per capacity:
//
//   J=netty-common-4.0.21.Final.jar; javac -cp $J -d /tmp/rv RecyclerVectors.java &&
//   for cap in 4 262144; do
//     java -Dio.netty.recycler.maxCapacity.default=$cap -cp $J:/tmp/rv RecyclerVectors $cap 300
//   done > recycler_4_0_21.txt
//
// An exit ends that thread and runs the collector, so weak references to it may clear.
// Outcomes: Gk (get returned object k, numbered by allocation), Rtrue/Rfalse (recycle's result),
// T<exception>[/<message>] (it threw), N (a recycle of a get that threw: Java has no object, so
// nothing runs), X (exit).
import io.netty.util.Recycler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

public class RecyclerVectors {
    static final class Obj {
        final Recycler.Handle handle;
        Obj(Recycler.Handle handle) { this.handle = handle; }
    }

    static long seed;

    static long next() {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return seed;
    }

    static int below(int n) {
        return (int) Long.remainderUnsigned(next(), n);
    }

    static String thrown(Throwable e) {
        // The NullPointerException's helpful message names JDK internals: keep the type only.
        if (e instanceof NullPointerException || e.getMessage() == null) return "T" + e.getClass().getSimpleName();
        return "T" + e.getClass().getSimpleName() + "/" + e.getMessage().replace(' ', '_');
    }

    public static void main(String[] args) throws Exception {
        int cap = Integer.parseInt(args[0]);
        int scripts = Integer.parseInt(args[1]);
        seed = 0x5EED0000L + cap;
        String[] names = {"A", "B", "C"};
        if (cap == 4) System.out.println("# max-capacity ; script ; outcomes");
        for (int s = 0; s < scripts; s++) {
            final Recycler<Obj> recycler = new Recycler<Obj>() {
                @Override
                protected Obj newObject(Handle handle) { return new Obj(handle); }
            };
            Map<String, ExecutorService> threads = new HashMap<>();
            boolean[] exited = new boolean[3];
            List<Obj> got = new ArrayList<>();
            Map<Obj, Integer> number = new IdentityHashMap<>();
            List<String> ops = new ArrayList<>();
            List<String> outcomes = new ArrayList<>();
            int length = 3 + below(14);
            for (int i = 0; i < length; i++) {
                List<Integer> live = new ArrayList<>();
                for (int t = 0; t < 3; t++) if (!exited[t]) live.add(t);
                if (live.isEmpty()) break;
                int t = live.get(below(live.size()));
                String name = names[t];
                int r = below(10);
                if (r < 1) {
                    exited[t] = true;
                    ops.add(name + ": exit");
                    ExecutorService ex = threads.remove(name);
                    if (ex != null) {
                        ex.shutdown();
                        ex.awaitTermination(10, TimeUnit.SECONDS);
                    }
                    System.gc();
                    outcomes.add("X");
                    continue;
                }
                ExecutorService ex = threads.computeIfAbsent(name,
                    k -> Executors.newSingleThreadExecutor(run -> new Thread(run, k)));
                Callable<String> call;
                if (r < 5 || got.isEmpty()) {
                    ops.add(name + ": get");
                    call = () -> {
                        try {
                            Obj o = recycler.get();
                            number.putIfAbsent(o, number.size());
                            got.add(o);
                            return "G" + number.get(o);
                        } catch (Throwable e) {
                            got.add(null);
                            return thrown(e);
                        }
                    };
                } else {
                    int k = 1 + below(got.size());
                    ops.add(name + ": recycle " + k);
                    call = () -> {
                        Obj o = got.get(k - 1);
                        if (o == null) return "N";
                        try {
                            return "R" + recycler.recycle(o, o.handle);
                        } catch (Throwable e) {
                            return thrown(e);
                        }
                    };
                }
                outcomes.add(ex.submit(call).get());
            }
            for (ExecutorService ex : threads.values()) {
                ex.shutdown();
                ex.awaitTermination(10, TimeUnit.SECONDS);
            }
            System.out.println(cap + " ; " + String.join(", ", ops) + " ; " + String.join(" ", outcomes));
        }
    }
}
