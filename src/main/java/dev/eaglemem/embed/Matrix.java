package dev.eaglemem.embed;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import dev.eaglemem.store.VectorStore;

/**
 * One project's vectors laid out for comparing a prompt with all of them: rows of int8 (each row's values over its own
 * scale, which keeps cosine similarity within about 0.01 of float32 on bench/recall/) in one array, the record each row
 * belongs to (a memory's own vector and the mean of its cues' are rows of one record), and the records' kinds and ids.
 * int8 because serve's heap is 96 MB and it caches up to eight projects: 10k memories with cues and 9k summaries are
 * about 29k rows, 45 MB as float32 and 11 MB as int8.
 */
final class Matrix {

    private final int dimensions;
    private final byte[] data;
    private final float[] scale;
    private final int[] recordOfRow;
    /** The kinds a row may belong to; a record's kind is its index here. */
    private static final List<String> KINDS = List.of("memory", "summary", "code");

    private final byte[] kinds;
    private final boolean[] cued;
    private final long[] ids;
    private final List<Map<Long, Integer>> recordsByKind;

    private Matrix(Builder b) {
        this.dimensions = b.dimensions;
        this.data = b.rows == b.capacity ? b.data : Arrays.copyOf(b.data, b.rows * b.dimensions);
        this.scale = Arrays.copyOf(b.scale, b.rows);
        this.recordOfRow = Arrays.copyOf(b.recordOfRow, b.rows);
        this.ids = Arrays.copyOf(b.ids, b.records);
        this.kinds = Arrays.copyOf(b.kinds, b.records);
        // a record with more than one row is a memory with cues
        this.cued = new boolean[b.records];
        int[] rowsOf = new int[b.records];
        for (int record : recordOfRow) {
            cued[record] = ++rowsOf[record] > 1;
        }
        this.recordsByKind = b.recordsByKind;
    }

    static Matrix of(List<VectorStore.Stored> stored) {
        Builder b = new Builder(stored.size());
        stored.forEach(v -> b.add(v.kind(), v.id(), v.vector()));
        return b.build();
    }

    int dimensions() {
        return dimensions;
    }

    /** Records (not rows). */
    int size() {
        return ids.length;
    }

    /** "memory", "summary" or "code". */
    String kind(int record) {
        return KINDS.get(kinds[record]);
    }

    long id(int record) {
        return ids[record];
    }

    boolean cued(int record) {
        return cued[record];
    }

    int record(String kind, long id) {
        int k = KINDS.indexOf(kind);
        Integer r = k < 0 ? null : recordsByKind.get(k).get(id);
        return r == null ? -1 : r;
    }

    /** Each record's cosine similarity to the normalised query: the best of its rows. */
    float[] similarities(float[] query) {
        float[] best = new float[ids.length];
        Arrays.fill(best, -1f);
        bestOfRows(query, 0, recordOfRow.length, best);
        return best;
    }

    /**
     * {@link #similarities(float[])} with the rows split in two, the second half on {@code other}: past a few thousand
     * rows (10k memories with cues and their summaries are ~29k) the comparison is much of a prompt's recall, and serve
     * has two cores.
     */
    float[] similarities(float[] query, Executor other) {
        int rows = recordOfRow.length;
        if (rows < SPLIT_FROM) {
            return similarities(query);
        }
        float[] first = new float[ids.length];
        float[] second = new float[ids.length];
        Arrays.fill(first, -1f);
        Arrays.fill(second, -1f);
        int half = rows / 2;
        CompletableFuture<Void> rest = CompletableFuture.runAsync(() -> bestOfRows(query, half, rows, second), other);
        bestOfRows(query, 0, half, first);
        rest.join();
        for (int r = 0; r < first.length; r++) {
            first[r] = Math.max(first[r], second[r]);
        }
        return first;
    }

    /** Rows below this are compared on one thread: handing half to another costs more than it saves. */
    static final int SPLIT_FROM = 8_192;

    private void bestOfRows(float[] query, int from, int to, float[] best) {
        int dim = dimensions;
        for (int row = from, base = from * dim; row < to; row++, base += dim) {
            // four sums the CPU can run side by side: serve's C1 compiler does not vectorise one running sum
            float s0 = 0;
            float s1 = 0;
            float s2 = 0;
            float s3 = 0;
            int i = 0;
            for (; i + 3 < dim; i += 4) {
                s0 += query[i] * data[base + i];
                s1 += query[i + 1] * data[base + i + 1];
                s2 += query[i + 2] * data[base + i + 2];
                s3 += query[i + 3] * data[base + i + 3];
            }
            for (; i < dim; i++) {
                s0 += query[i] * data[base + i];
            }
            float sum = (s0 + s1 + s2 + s3) * scale[row];
            int r = recordOfRow[row];
            if (sum > best[r]) {
                best[r] = sum;
            }
        }
    }

    /** Rows added one by one (the store streams them), sized up front when the caller knows how many. */
    static final class Builder {

        private int dimensions = -1;
        private int capacity;
        private int rows;
        private int records;
        private byte[] data = new byte[0];
        private float[] scale;
        private int[] recordOfRow;
        private long[] ids;
        private byte[] kinds;
        private final List<Map<Long, Integer>> recordsByKind = List.of(new HashMap<>(), new HashMap<>(), new HashMap<>());

        Builder(int expectedRows) {
            capacity = Math.max(16, expectedRows);
            scale = new float[capacity];
            recordOfRow = new int[capacity];
            ids = new long[capacity];
            kinds = new byte[capacity];
        }

        /** A row of a record; rows of another dimension than the first (a half-switched model) are left out. */
        void add(String kind, long id, float[] vector) {
            if (dimensions < 0) {
                dimensions = vector.length;
                data = new byte[capacity * dimensions];
            }
            if (vector.length != dimensions) {
                return;
            }
            if (rows == capacity) {
                capacity = capacity + (capacity >> 1) + 16; // rows written since the count: rare, so grow gently
                data = Arrays.copyOf(data, capacity * dimensions);
                scale = Arrays.copyOf(scale, capacity);
                recordOfRow = Arrays.copyOf(recordOfRow, capacity);
            }
            float max = 0;
            for (float v : vector) {
                max = Math.max(max, Math.abs(v));
            }
            float s = max == 0 ? 0 : max / 127f;
            int base = rows * dimensions;
            for (int i = 0; i < dimensions; i++) {
                data[base + i] = s == 0 ? 0 : (byte) Math.round(vector[i] / s);
            }
            scale[rows] = s;
            int k = KINDS.indexOf(kind);
            if (k < 0) {
                throw new IllegalArgumentException("no such record kind: " + kind);
            }
            Map<Long, Integer> byId = recordsByKind.get(k);
            Integer record = byId.get(id);
            if (record == null) {
                if (records == ids.length) {
                    ids = Arrays.copyOf(ids, ids.length + (ids.length >> 1) + 16);
                    kinds = Arrays.copyOf(kinds, ids.length);
                }
                record = records++;
                byId.put(id, record);
                ids[record] = id;
                kinds[record] = (byte) k;
            }
            recordOfRow[rows++] = record;
        }

        Matrix build() {
            if (dimensions < 0) {
                dimensions = 0;
            }
            return new Matrix(this);
        }
    }
}
