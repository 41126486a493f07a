package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.Locale;

import dev.eaglemem.config.ConfigService;
import dev.eaglemem.config.ConfigService.Entry;
import dev.eaglemem.config.ConfigValues;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "config", description = "Read and change $EAGLE_MEM_DIR/config.toml (or $EAGLE_CONFIG_FILE). Edits keep your comments.")
public class ConfigCommand {

    @Spec
    CommandSpec spec;

    private final ConfigService config;

    public ConfigCommand(ConfigService config) {
        this.config = config;
    }

    @Command(name = "list", aliases = "ls", description = "Every key: value, default, type and meaning.")
    int list(@Mixin OutputMixin output) {
        ConfigService.Listing listing = config.list();
        if (output.json) {
            Console.json(spec, Console.fields("file", listing.file(), "exists", listing.exists(), "keys",
                    listing.entries().stream().map(ConfigCommand::json).toList(), "unknown_keys", listing.unknownKeys()));
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

    @Command(name = "get", description = "One key's effective value (plain text, for scripts).")
    int get(@Mixin OutputMixin output, @Parameters(paramLabel = "KEY") String key) {
        Entry e = config.get(key);
        if (output.json) {
            Console.json(spec, json(e));
        } else {
            Console.out(spec).println(ConfigValues.display(e.value()));
        }
        return 0;
    }

    @Command(name = "set", description = "Set a key; the value is checked against the key's type first.")
    int set(@Mixin OutputMixin output, @Parameters(index = "0", paramLabel = "KEY") String key,
            @Parameters(index = "1", paramLabel = "VALUE", description = "e.g. 20, true, '[\"ACME-[0-9]{6}\"]'") String value) {
        Entry before = config.get(key);
        Entry after = config.set(key, value);
        if (output.json) {
            Console.json(spec, Console.fields("key", key, "value", after.value(), "previous", before.value(), "status",
                    before.value().equals(after.value()) && before.explicit() ? "already_set" : "set"));
        } else {
            Console.out(spec).println(key + " = " + ConfigValues.toToml(after.value()) + "   (was "
                    + ConfigValues.toToml(before.value()) + (before.explicit() ? "" : ", the default") + ")");
        }
        return 0;
    }

    private static Object json(Entry e) {
        return Console.fields("key", e.key().name(), "value", e.value(), "default", e.key().defaultValue(), "set",
                e.explicit(), "type", e.key().type().name().toLowerCase(Locale.ROOT), "description",
                e.key().description(), "accepts", e.key().expected());
    }
}
