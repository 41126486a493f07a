package dev.eaglemem.doctor;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One doctor finding.
 *
 * @param fix a runnable fix for WARN and FAIL, else null
 */
@RegisterForReflection
public record Check(String name, Status status, String detail, String fix) {

    @RegisterForReflection
    public enum Status {
        OK, WARN, FAIL
    }

    static Check ok(String name, String detail) {
        return new Check(name, Status.OK, detail, null);
    }

    static Check warn(String name, String detail, String fix) {
        return new Check(name, Status.WARN, detail, fix);
    }

    static Check fail(String name, String detail, String fix) {
        return new Check(name, Status.FAIL, detail, fix);
    }
}
