package dev.eaglemem.cli;

import java.io.PrintWriter;

import dev.eaglemem.config.ConfigService;
import dev.eaglemem.config.ConfigService.Entry;
import dev.eaglemem.config.ConfigValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "config", header = "Read and change the settings in config.toml.",
        description = "The file is $EAGLE_MEM_DIR/config.toml, or $EAGLE_CONFIG_FILE when that is set. Edits keep your comments.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem config list", "  eagle-mem config get search.limit",
                "  eagle-mem config set serve.autostart false" })
public class ConfigCommand {

    private static final String KEY_HELP = "A key such as search.limit (config list shows them all).";

    @Spec
    CommandSpec spec;

    private final ConfigService config;

    public ConfigCommand(ConfigService config) {
        this.config = config;
    }

    @Command(name = "list", aliases = "ls", header = "List every key: value, default, type and meaning.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem config list", "  eagle-mem config list --json" })
    int list(@Mixin OutputMixin output) {
        ConfigService.Listing listing = config.list();
        if (output.json) {
            Console.json(spec, ConfigListing.of(listing));
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println("# " + listing.file() + (listing.exists() ? "" : " (absent: defaults apply)"));
        for (Entry e : listing.entries()) {
            out.printf("%-26s = %-12s %s%n", e.key().name(), ConfigValues.toToml(e.value()),
                    e.explicit() ? "(set)" : "(default)");
            out.println("    " + e.key().description() + " Accepts " + e.key().expected() + ".");
        }
        listing.unknownKeys().forEach(k -> out.println(k + "  (unknown to this version; ignored)"));
        return 0;
    }

    @Command(name = "get", header = "Print one key's effective value (plain, for scripts).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem config get search.limit",
                    "  eagle-mem config get serve.port --json" })
    int get(@Mixin OutputMixin output, @Parameters(paramLabel = "KEY", description = KEY_HELP) String key) {
        Entry e = config.get(key);
        if (output.json) {
            Console.json(spec, ConfigListing.Key.of(e));
        } else {
            Console.out(spec).println(ConfigValues.display(e.value()));
        }
        return 0;
    }

    @Command(name = "set", header = "Set a key; the value is checked against its type first.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem config set search.limit 20",
                    "  eagle-mem config set serve.autostart false",
                    "  eagle-mem config set redaction.extra_patterns '[\"ACME-[0-9]{6}\"]'" })
    int set(@Mixin OutputMixin output, @Parameters(index = "0", paramLabel = "KEY", description = KEY_HELP) String key,
            @Parameters(index = "1", paramLabel = "VALUE", description = "e.g. 20, true, '[\"ACME-[0-9]{6}\"]'.") String value) {
        Entry before = config.get(key);
        Entry after = config.set(key, value);
        if (output.json) {
            Console.json(spec, new ConfigSet(key, after.value(), before.value(),
                    before.value().equals(after.value()) && before.explicit() ? "already_set" : "set"));
        } else {
            Console.out(spec).println(key + " = " + ConfigValues.toToml(after.value()) + "   (was "
                    + ConfigValues.toToml(before.value()) + (before.explicit() ? "" : ", the default") + ")");
        }
        return 0;
    }
}
