package dev.eaglemem.syntax;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * Parse throughput of {@link SourceParser} over source trees, as markdown on stdout: run by {@code bench/syntax.sh},
 * never by the unit suite. Per tree: the first pass in a fresh parser (grammar libraries loaded and queries compiled
 * on first use, code not yet compiled by the JIT) on one thread, then the best of three warm passes on one thread and
 * on two, and the cost per language.
 *
 * <p>Files as an index would take them: under 1 MB, valid UTF-8, outside {@code .git}, {@code node_modules},
 * {@code target}, {@code build}, {@code dist} and {@code vendor}.
 */
public final class ParseBench {

    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "node_modules", "target", "build", "dist", "vendor");
    private static final long MAX_BYTES = 1 << 20;

    private record Source(String path, String text, int bytes) {
    }

    private ParseBench() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("| tree | files | MB | first pass, 1 thread | warm, 1 thread | warm, 2 threads | ms/file warm |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        Map<String, long[]> perLanguage = new TreeMap<>(); // language → {files, bytes, nanos}
        for (String arg : args) {
            Path root = Path.of(arg);
            List<Source> sources = read(root);
            long bytes = sources.stream().mapToLong(Source::bytes).sum();
            long first;
            try (SourceParser parser = new SourceParser()) {
                first = pass(parser, sources, 1);
            }
            long one = Long.MAX_VALUE;
            long two = Long.MAX_VALUE;
            try (SourceParser parser = new SourceParser()) {
                pass(parser, sources, 1);
                for (int round = 0; round < 3; round++) {
                    one = Math.min(one, pass(parser, sources, 1));
                    two = Math.min(two, pass(parser, sources, 2));
                }
                for (Source source : sources) {
                    long start = System.nanoTime();
                    String language = parser.parse(source.path(), source.text()).language();
                    long[] sums = perLanguage.computeIfAbsent(language, l -> new long[3]);
                    sums[0]++;
                    sums[1] += source.bytes();
                    sums[2] += System.nanoTime() - start;
                }
            }
            System.out.printf("| %s | %d | %.1f | %s | %s | %s | %.2f |%n", root.getFileName(), sources.size(),
                    bytes / 1e6, rate(sources.size(), bytes, first), rate(sources.size(), bytes, one),
                    rate(sources.size(), bytes, two), one / 1e6 / sources.size());
        }
        System.out.println();
        System.out.println("| language | files | KB | ms/file | ms/KB |");
        System.out.println("|---|---:|---:|---:|---:|");
        perLanguage.entrySet().stream().sorted(Comparator.comparingLong(e -> -e.getValue()[0])).forEach(e -> {
            long[] s = e.getValue();
            System.out.printf("| %s | %d | %d | %.2f | %.3f |%n", e.getKey(), s[0], s[1] / 1000, s[2] / 1e6 / s[0],
                    s[2] / 1e6 / Math.max(1, s[1] / 1000.0));
        });
    }

    private static String rate(int files, long bytes, long nanos) {
        double seconds = nanos / 1e9;
        return String.format("%.2f s: %.0f files/s, %.2f MB/s", seconds, files / seconds, bytes / 1e6 / seconds);
    }

    /** Wall time of parsing every source once on {@code threads} threads. */
    private static long pass(SourceParser parser, List<Source> sources, int threads) throws Exception {
        long start = System.nanoTime();
        if (threads == 1) {
            for (Source source : sources) {
                parser.parse(source.path(), source.text());
            }
            return System.nanoTime() - start;
        }
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                runs.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < sources.size(); i = next.getAndIncrement()) {
                        parser.parse(sources.get(i).path(), sources.get(i).text());
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            pool.shutdown();
        }
        return System.nanoTime() - start;
    }

    private static List<Source> read(Path root) throws IOException {
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                Path relative = root.relativize(file);
                boolean skipped = false;
                for (Path part : relative) {
                    skipped |= SKIPPED_DIRS.contains(part.toString());
                }
                if (skipped || Files.size(file) > MAX_BYTES) {
                    continue;
                }
                byte[] bytes = Files.readAllBytes(file);
                try {
                    String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(bytes)).toString();
                    if (text.indexOf('\0') < 0) {
                        sources.add(new Source(relative.toString().replace('\\', '/'), text, bytes.length));
                    }
                } catch (CharacterCodingException binary) {
                    // images, archives: an index skips them too
                }
            }
        }
        return sources;
    }
}
