package dev.eaglemem.redact;

import java.util.List;

/** A source of findings. Implementations keep no state between calls, so one instance serves every thread. */
interface Detector {

    /** Appends every span of {@code text} this detector wants replaced; order and overlaps do not matter. */
    void find(String text, List<Finding> sink);
}
