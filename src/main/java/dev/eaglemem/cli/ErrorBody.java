package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The {@code error} object every failed {@code --json} command prints (docs/json.md lists the codes). */
@RegisterForReflection
public record ErrorBody(String code, String message, String fix, int exitCode) {
}
