package dev.eaglemem.memory;

import java.time.Clock;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;

/** The project overview: a paragraph shown at the top of every SessionStart recall. */
@ApplicationScoped
public class OverviewService {

    static final int MAX = 16384;

    private final Db db;
    private final OverviewStore overviews;
    private final ProjectStore projects;
    private final Redactor redactor;
    private final Clock clock;

    public OverviewService(Db db, OverviewStore overviews, ProjectStore projects, Redactor redactor, Clock clock) {
        this.db = db;
        this.overviews = overviews;
        this.projects = projects;
        this.redactor = redactor;
        this.clock = clock;
    }

    public Optional<String> show(String project) {
        return db.read(tx -> overviews.find(tx, project));
    }

    public String set(String project, String text) {
        String clean = redactor.redact(text == null ? "" : text).strip();
        if (clean.isEmpty()) {
            throw EagleException.invalidInput("the overview is empty", "eagle-mem overview set \"what this project is\"");
        }
        if (clean.length() > MAX) {
            throw EagleException.invalidInput("the overview is " + clean.length() + " characters; the limit is " + MAX,
                    "shorten it; SessionStart shows the first 600 characters anyway");
        }
        return db.write(tx -> {
            projects.touch(tx, project, null, clock.instant());
            overviews.set(tx, project, clean, "manual", clock.instant());
            return clean;
        });
    }

    public boolean delete(String project) {
        return db.write(tx -> overviews.delete(tx, project));
    }
}
