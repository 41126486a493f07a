package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.feature.PendingCheck;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code gate check --json} prints: the verdict, the files the push changes, and the checks that block it. */
@RegisterForReflection
public record GateCheck(String status, boolean blocked, List<String> changedFiles, List<Pending> pending) {

    /** A pending check as the gate shows it: enough to verify or waive it. */
    @RegisterForReflection
    public record Pending(long id, String feature, String file, List<String> smokeTests, String fingerprint) {

        static Pending of(PendingCheck p) {
            return new Pending(p.id(), p.feature(), p.file(), p.smokeTests(), p.fingerprint());
        }
    }
}
