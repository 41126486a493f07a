package dev.eaglemem.cli;

import dev.eaglemem.config.ConfigKeys;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code -n/--limit N}, one rule on every command that lists: a whole number from 1 to {@link ConfigKeys#MAX_LIMIT}
 * (the range of {@code search.limit} and of the HTTP API's {@code limit=} too). Anything else is refused with the
 * range, never clamped. Each command declares the option with {@link #SHORT}, {@link #LONG}, {@link #LABEL}, this converter and a
 * description starting with {@link #RANGE}, so that it keeps its own default; {@code LimitOptionTest} checks them.
 */
public final class Limit implements ITypeConverter<Integer> {

    static final String SHORT = "-n";
    static final String LONG = "--limit";
    static final String LABEL = "N";
    static final String RANGE = "At most N, 1-" + ConfigKeys.MAX_LIMIT;

    @Override
    public Integer convert(String value) {
        String digits = value.strip();
        if (digits.matches("\\d{1,9}")) {
            int n = Integer.parseInt(digits);
            if (n >= 1 && n <= ConfigKeys.MAX_LIMIT) {
                return n;
            }
        }
        throw new TypeConversionException("'" + value + "' is not a whole number from 1 to " + ConfigKeys.MAX_LIMIT);
    }
}
