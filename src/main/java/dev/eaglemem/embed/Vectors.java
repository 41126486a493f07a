package dev.eaglemem.embed;

/** Small vector arithmetic on float arrays. */
public final class Vectors {

    private Vectors() {
    }

    public static float[] normalized(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x * x;
        }
        if (sum == 0) {
            return v.clone();
        }
        float scale = (float) (1 / Math.sqrt(sum));
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * scale;
        }
        return out;
    }

    /** The cosine of two normalised vectors of one length. */
    public static float dot(float[] a, float[] b) {
        float sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }
}
