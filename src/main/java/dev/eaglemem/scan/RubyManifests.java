package dev.eaglemem.scan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ruby: the Gemfile, read line by line. It is Ruby code, but written in a handful of forms: {@code gem 'name', …}
 * lines, {@code group :development, :test do … end} blocks and {@code group: :test} options.
 */
final class RubyManifests {

    static final Catalog FRAMEWORKS = Catalog.exact("rails", "Rails", "sinatra", "Sinatra", "hanami", "Hanami", "roda",
            "Roda", "grape", "Grape", "jekyll", "Jekyll", "sidekiq", "Sidekiq", "devise", "Devise");
    static final Catalog TESTS = Catalog.exact("rspec", "RSpec", "rspec-rails", "RSpec", "rspec-core", "RSpec", "minitest",
            "Minitest", "cucumber", "Cucumber", "capybara", "Capybara");

    private static final Pattern GEM = Pattern.compile("^gem\\s*\\(?\\s*[\"']([^\"']+)[\"'](.*)$");
    private static final Pattern GROUP_BLOCK = Pattern.compile("^group\\b(.*)\\bdo\\b.*$");
    private static final Pattern OTHER_BLOCK = Pattern.compile("\\bdo\\s*(\\|[^|]*\\|)?$");
    private static final Pattern DEV_GROUPS = Pattern.compile(":(development|test)\\b|[\"'](development|test)[\"']");

    private RubyManifests() {
    }

    static void gemfile(ManifestFile m, Findings f) {
        Deque<Boolean> devBlocks = new ArrayDeque<>();
        List<String> gems = new ArrayList<>();
        int runtime = 0;
        int dev = 0;
        for (String raw : m.text().lines().toList()) {
            String line = raw.replaceFirst("\\s+#.*$", "").strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher group = GROUP_BLOCK.matcher(line);
            Matcher gem = GEM.matcher(line);
            if (group.matches()) {
                devBlocks.push(DEV_GROUPS.matcher(group.group(1)).find());
            } else if (line.equals("end") || line.startsWith("end ")) {
                devBlocks.poll();
            } else if (gem.matches()) {
                gems.add(gem.group(1));
                boolean inDevBlock = devBlocks.contains(Boolean.TRUE);
                if (inDevBlock || gem.group(2).matches(".*\\bgroups?\\s*:.*") && DEV_GROUPS.matcher(gem.group(2)).find()) {
                    dev++;
                } else {
                    runtime++;
                }
            } else if (OTHER_BLOCK.matcher(line).find()) {
                devBlocks.push(false); // platforms, source, git … do: its end must not close a group
            }
        }
        if (runtime + dev > 0) {
            f.dependencies(m.path(), "bundler", runtime, dev);
        }
        FRAMEWORKS.frameworks(gems, m.path(), f);
        TESTS.testFrameworks(gems, f);
    }
}
