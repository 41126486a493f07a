package dev.eaglemem.orchestrate;

import java.nio.file.Path;

/** What a worker is told (prompt.md): the goal, its lane and place, the validation it must pass, and the rules. */
final class Prompt {

    private Prompt() {
    }

    static String of(Orchestration o, Lane lane, String agent, Path workdir, String branch) {
        String scope = lane.scope().isBlank() ? lane.title() : lane.scope();
        return """
                You are a worker agent of eagle-mem, doing one lane of a larger piece of work.

                Goal of the whole: %s
                Your lane: %s — %s
                Worker: %s
                Work only in: %s%s

                What to do:
                %s

                Validation: %s

                Rules:
                - Change files only in this directory; other lanes work in parallel in their own.
                - Do not push, merge, rebase or switch branches; eagle-mem merges lanes whose validation passed.
                - If you cannot finish, run: eagle-mem orchestrate lane block %s --notes "<the concrete blocker>"
                - End with a short summary of what you changed.
                """.formatted(o.goal(), lane.key(), lane.title(), agent, workdir,
                branch == null ? "" : " (branch " + branch + ")", scope,
                lane.validation() == null ? "none given; check your work yourself."
                        : "`" + lane.validation() + "` is run in this directory when you finish; it must pass.",
                lane.key());
    }
}
