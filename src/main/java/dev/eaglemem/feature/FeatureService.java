package dev.eaglemem.feature;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.ProjectPath;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.FeatureRow;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.PendingRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.Tx;
import dev.eaglemem.store.VerificationStore;

/**
 * Features: a name, a description, file patterns (see {@link PathPattern}), the names of features they
 * depend on and smoke-test commands. Archived, never deleted, so their verification history stays.
 */
@ApplicationScoped
public class FeatureService {

    /** Names are typed on command lines and in deny messages: no spaces, and never all digits (waive takes ID|NAME). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,99}");
    private static final int HISTORY = 5;

    private final Db db;
    private final Redactor redactor;
    private final FeatureStore features;
    private final VerificationStore pending;
    private final ProjectStore projects;
    private final Clock clock;

    public FeatureService(Db db, FeatureStore features, VerificationStore pending, ProjectStore projects, Redactor redactor,
            Clock clock) {
        this.redactor = redactor;
        this.db = db;
        this.features = features;
        this.pending = pending;
        this.projects = projects;
        this.clock = clock;
    }

    /**
     * Registers a feature. {@code root} (may be null) lets absolute file paths inside the project be given;
     * relative patterns are taken from the project root.
     */
    public Feature add(String project, Path root, FeatureSpec spec) {
        String name = checkName(spec.name());
        List<String> files = patterns(root, spec.files());
        List<String> deps = dependencies(name, spec.dependsOn());
        List<String> smoke = commands(spec.smokeTests());
        return db.write(tx -> {
            if (features.findActive(tx, project, name).isPresent()) {
                throw EagleException.conflict("feature_exists", "feature '" + name + "' already exists in " + project,
                        "change it: eagle-mem feature update " + name + " --add-file PATTERN   (or pick another name)");
            }
            Instant now = clock.instant();
            projects.touch(tx, project, root == null ? null : root.toString(), now);
            long id = features.insert(tx, project, name, clean(spec.description()), now);
            for (String f : files) {
                features.addFile(tx, id, f);
            }
            for (String d : deps) {
                features.addDependency(tx, id, d);
            }
            features.replaceSmokeTests(tx, id, smoke);
            return view(tx, features.find(tx, id).orElseThrow());
        });
    }

    public Feature update(String project, Path root, String name, FeatureChange change) {
        if (change.isEmpty()) {
            throw EagleException.invalidInput("nothing to update for '" + name + "'",
                    "eagle-mem feature update " + name + " --add-file PATTERN | --remove-file PATTERN | --description TEXT"
                            + " | --depends-on NAME | --smoke CMD");
        }
        List<String> add = patterns(root, change.addFiles());
        List<String> remove = patterns(root, change.removeFiles());
        List<String> addDeps = dependencies(name, change.addDependencies());
        List<String> smoke = change.smokeTests() == null ? null : commands(change.smokeTests());
        return db.write(tx -> {
            FeatureRow f = require(tx, project, name);
            List<String> current = features.files(tx, f.id());
            List<String> unknown = remove.stream().filter(r -> !current.contains(r)).toList();
            if (!unknown.isEmpty()) {
                throw EagleException.invalidInput("'" + name + "' has no file pattern " + String.join(", ", unknown),
                        "see its patterns: eagle-mem feature show " + name);
            }
            Instant now = clock.instant();
            if (change.description() != null) {
                features.updateDescription(tx, f.id(), clean(change.description()), now);
            }
            for (String r : remove) {
                features.removeFile(tx, f.id(), r);
            }
            for (String a : add) {
                features.addFile(tx, f.id(), a);
            }
            for (String d : change.removeDependencies()) {
                features.removeDependency(tx, f.id(), d.strip());
            }
            for (String d : addDeps) {
                features.addDependency(tx, f.id(), d);
            }
            if (smoke != null) {
                features.replaceSmokeTests(tx, f.id(), smoke);
            }
            features.touch(tx, f.id(), now);
            return view(tx, features.find(tx, f.id()).orElseThrow());
        });
    }

    /**
     * The project's directory as the hooks last recorded it, when it still exists: what a caller without a
     * working directory (serve, for the viewer) gives verify, waive, run and pending as their root.
     */
    public Optional<Path> root(String project) {
        return db.read(tx -> projects.rootOf(tx, project)).map(Path::of).filter(java.nio.file.Files::isDirectory);
    }

    public List<Feature> list(String project, boolean includeArchived) {
        return db.read(tx -> {
            List<Feature> out = new ArrayList<>();
            for (FeatureRow row : features.list(tx, project, includeArchived)) {
                out.add(view(tx, row));
            }
            return out;
        });
    }

    /**
     * The active features {@code file} (absolute or root-relative) belongs to, at most {@code limit}: what a
     * hook tells the agent after it reads one of their files. Empty without features or outside the root.
     */
    public List<Feature> featuresOf(String project, Path root, String file, int limit) {
        Optional<String> relative = ProjectPath.relative(root, file);
        if (relative.isEmpty()) {
            return List.of();
        }
        return db.read(tx -> {
            Set<Long> ids = new LinkedHashSet<>();
            for (FeatureStore.PatternRow r : features.activePatterns(tx, project)) {
                if (ids.size() < limit && !ids.contains(r.featureId()) && matches(r.pattern(), relative.get())) {
                    ids.add(r.featureId());
                }
            }
            List<Feature> out = new ArrayList<>();
            for (long id : ids) {
                out.add(view(tx, features.find(tx, id).orElseThrow()));
            }
            return out;
        });
    }

    private static boolean matches(String pattern, String file) {
        try {
            return PathPattern.of(pattern).matches(file);
        } catch (IllegalArgumentException e) {
            return false; // validated when stored; a bad one matches nothing rather than failing a hook
        }
    }

    public FeatureDetail show(String project, String name) {
        return db.read(tx -> {
            FeatureRow f = require(tx, project, name);
            Feature feature = view(tx, f);
            List<PendingCheck> open = new ArrayList<>();
            for (PendingRow p : pending.openForFeature(tx, f.id())) {
                open.add(check(p, feature.smokeTests()));
            }
            Set<String> active = new LinkedHashSet<>();
            for (FeatureRow other : features.list(tx, project, false)) {
                active.add(other.name());
            }
            List<String> unknown = feature.dependsOn().stream().filter(d -> !active.contains(d)).toList();
            return new FeatureDetail(feature, open, features.verifications(tx, f.id(), HISTORY), unknown);
        });
    }

    /** Archives the feature: its open checks stop blocking releases and its name is free again. */
    public Feature archive(String project, String name) {
        return db.write(tx -> {
            FeatureRow f = require(tx, project, name);
            features.archive(tx, f.id(), clock.instant());
            return view(tx, features.find(tx, f.id()).orElseThrow());
        });
    }

    /** The active feature, or a not-found error that names the way to the list. */
    static FeatureRow require(Tx tx, FeatureStore features, String project, String name) {
        return features.findActive(tx, project, name == null ? "" : name.strip())
                .orElseThrow(() -> EagleException.notFound("no active feature '" + name + "' in " + project,
                        "eagle-mem feature list"));
    }

    private FeatureRow require(Tx tx, String project, String name) {
        return require(tx, features, project, name);
    }

    static PendingCheck check(PendingRow p, List<String> smokeTests) {
        return new PendingCheck(p.id(), p.featureName(), p.file(), p.reason(), p.source(), p.sessionId(), smokeTests,
                p.fingerprint().substring(0, Fingerprint.SHORT), p.createdAt());
    }

    private Feature view(Tx tx, FeatureRow f) {
        int open = f.isActive() ? pending.openForFeature(tx, f.id()).size() : 0;
        return new Feature(f.id(), f.project(), f.name(), f.description(), FeatureStatus.parse(f.status()),
                features.files(tx, f.id()),
                features.dependencies(tx, f.id()), features.smokeTests(tx, f.id()), f.lastVerifiedAt(),
                f.lastVerifiedNotes(), open, f.createdAt(), f.updatedAt());
    }

    static String checkName(String name) {
        String n = name == null ? "" : name.strip();
        if (!NAME.matcher(n).matches() || n.chars().allMatch(Character::isDigit)) {
            throw EagleException.invalidInput("invalid feature name '" + n + "': letters, digits, . _ / - (up to 100,"
                    + " starting with a letter or digit, not only digits)",
                    "eagle-mem feature add checkout-flow --file src/cart.ts");
        }
        return n;
    }

    private static List<String> patterns(Path root, List<String> given) {
        Set<String> out = new LinkedHashSet<>();
        for (String g : given) {
            out.add(pattern(root, g));
        }
        return List.copyOf(out);
    }

    private static String pattern(Path root, String given) {
        String g = given == null ? "" : given.strip();
        try {
            if (g.startsWith("/") && root != null) {
                g = ProjectPath.relative(root, g).orElseThrow(() -> new IllegalArgumentException(
                        "'" + given + "' is outside the project root " + root));
            }
            PathPattern.of(g);
            return PathPattern.normalize(g);
        } catch (IllegalArgumentException e) {
            throw EagleException.invalidInput("--file: " + e.getMessage(),
                    "--file src/cart.ts (a path or glob relative to the project root, e.g. 'src/pay/**')");
        }
    }

    private static List<String> dependencies(String self, List<String> names) {
        Set<String> out = new LinkedHashSet<>();
        for (String d : names) {
            String n = checkName(d);
            if (n.equals(self == null ? null : self.strip())) {
                throw EagleException.invalidInput("feature '" + n + "' cannot depend on itself", "--depends-on OTHER-FEATURE");
            }
            out.add(n);
        }
        return List.copyOf(out);
    }

    private List<String> commands(List<String> given) {
        List<String> out = new ArrayList<>();
        for (String c : given) {
            if (c == null || c.isBlank()) {
                throw EagleException.invalidInput("a smoke test command is blank", "--smoke 'npm test -- cart'");
            }
            // a command must run as written, so a secret in it cannot be redacted away: it is refused instead
            if (!redactor.redact(c).equals(c)) {
                throw EagleException.invalidInput("smoke test '" + redactor.redact(c.strip())
                        + "' contains what looks like a secret, which would be stored in the database",
                        "take it from the environment: --smoke 'API_KEY=\"$API_KEY\" npm test'");
            }
            out.add(c.strip());
        }
        return out;
    }

    private String clean(String text) {
        return text == null ? "" : redactor.redact(text).strip();
    }
}
