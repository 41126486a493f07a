package dev.eaglemem.hook;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import dev.eaglemem.format.Clip;

/**
 * JSON text on its way into the parser, with every string longer than {@code maxChars} cut exactly as
 * {@link Clip#keep} cuts it: its first characters (UTF-16 units, never half a surrogate pair) and Clip's marker with
 * the number dropped. It works byte by byte, so a payload of any size is parsed in memory proportional to what is
 * kept: a parser would otherwise hold a whole 20 MB string (twice, as chars) before anything could cut it.
 * It tracks only what that needs — inside or outside a string, escape sequences, UTF-8 sequences — and passes
 * anything else through untouched for the parser to accept or reject.
 */
final class ClippingJsonStream extends InputStream {

    /** Thrown when more than the ceiling would reach the parser even with long strings cut. */
    static final class OverCeiling extends IOException {
        OverCeiling(long ceiling) {
            super("over " + ceiling + " bytes even with its long strings cut");
        }
    }

    private final InputStream in;
    private final int maxChars;
    private final long ceiling;
    private final byte[] chunk = new byte[64 * 1024];
    private byte[] out = new byte[chunk.length + 256];
    private int outPos;
    private int outLength;
    private boolean eof;
    private long bytesIn;
    private long bytesOut;
    private int stringsCut;

    private boolean inString;
    private final byte[] unit = new byte[6];
    private int unitLength;
    private int unitNeed;
    private long kept;
    private long dropped;
    // a high surrogate escape at the last kept position: kept only if the string ends right after it
    private boolean holding;
    private final byte[] held = new byte[6];

    ClippingJsonStream(InputStream in, int maxChars, long ceiling) {
        this.in = in;
        this.maxChars = maxChars;
        this.ceiling = ceiling;
    }

    /** Bytes read from the source so far. */
    long bytesIn() {
        return bytesIn;
    }

    /** Strings cut so far. */
    int stringsCut() {
        return stringsCut;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (outPos == outLength) {
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, outLength - outPos);
        System.arraycopy(out, outPos, b, off, n);
        outPos += n;
        return n;
    }

    private boolean fill() throws IOException {
        outPos = 0;
        outLength = 0;
        if (eof) {
            return false;
        }
        int n = in.read(chunk);
        if (n < 0) {
            eof = true;
            // a payload cut short inside a string: what was held goes out as it came, for the parser to reject
            if (holding) {
                emit(held, 6);
                holding = false;
            }
            emit(unit, unitLength);
            unitLength = 0;
            return outLength > 0;
        }
        bytesIn += n;
        for (int i = 0; i < n; i++) {
            accept(chunk[i]);
        }
        bytesOut += outLength;
        if (bytesOut > ceiling) {
            throw new OverCeiling(ceiling);
        }
        return true;
    }

    private void accept(byte b) {
        if (!inString) {
            emit(b);
            if (b == '"') {
                inString = true;
                kept = 0;
                dropped = 0;
            }
            return;
        }
        if (unitLength == 0) {
            if (b == '"') {
                endString();
                return;
            }
            unitNeed = b == '\\' ? 2 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 1;
        } else if (unitLength == 1 && unit[0] == '\\' && b == 'u') {
            unitNeed = 6;
        }
        unit[unitLength++] = b;
        if (unitLength == unitNeed) {
            unitLength = 0;
            take();
        }
    }

    /** One character (or surrogate pair, for a 4-byte UTF-8 sequence) of a string: kept, held or dropped. */
    private void take() {
        int units = unitNeed == 4 && unit[0] != '\\' ? 2 : 1;
        if (holding) {
            // more follows the held high surrogate: the string is cut, and the pair must not be split
            holding = false;
            dropped += 1;
        }
        if (dropped > 0 || kept + units > maxChars) {
            dropped += units;
            return;
        }
        if (unitNeed == 6 && highSurrogateEscape() && kept + 1 == maxChars) {
            System.arraycopy(unit, 0, held, 0, 6);
            holding = true;
            return;
        }
        emit(unit, unitNeed);
        kept += units;
    }

    private boolean highSurrogateEscape() {
        int value = 0;
        for (int i = 2; i < 6; i++) {
            int digit = Character.digit(unit[i], 16);
            if (digit < 0) {
                return false;
            }
            value = value * 16 + digit;
        }
        return Character.isHighSurrogate((char) value);
    }

    private void endString() {
        if (holding) {
            emit(held, 6);
            holding = false;
        }
        if (dropped > 0) {
            byte[] marker = (Clip.MARKER_START + dropped + Clip.MARKER_END).getBytes(StandardCharsets.UTF_8);
            emit(marker, marker.length);
            stringsCut++;
        }
        emit((byte) '"');
        inString = false;
    }

    private void emit(byte b) {
        ensure(1);
        out[outLength++] = b;
    }

    private void emit(byte[] bytes, int length) {
        ensure(length);
        System.arraycopy(bytes, 0, out, outLength, length);
        outLength += length;
    }

    private void ensure(int more) {
        if (outLength + more > out.length) {
            byte[] bigger = new byte[Math.max(out.length * 2, outLength + more)];
            System.arraycopy(out, 0, bigger, 0, outLength);
            out = bigger;
        }
    }
}
