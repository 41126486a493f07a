package dev.eaglemem.cli;

import dev.eaglemem.gate.PrePushHook;

/** What gate prints: the one sentence install and uninstall answer. */
final class GateRender {

    private GateRender() {
    }

    static String sentence(PrePushHook.Result result) {
        String backup = result.backup() == null ? "" : " (the previous hook is kept as " + result.backup() + ")";
        return switch (result.status()) {
            case INSTALLED, UPDATED, REPLACED_FOREIGN -> "Pre-push gate " + result.status().id().replace('_', ' ') + ": "
                    + result.hook() + backup;
            case UNCHANGED -> "Pre-push gate already installed: " + result.hook();
            case RESTORED -> "Pre-push gate removed; the previous hook is back at " + result.hook();
            case REMOVED -> "Pre-push gate removed: " + result.hook();
            case FOREIGN_KEPT -> "The pre-push hook at " + result.hook() + " is not eagle-mem's; left as it is.";
            case NOT_INSTALLED -> "No pre-push gate installed at " + result.hook();
        };
    }
}
