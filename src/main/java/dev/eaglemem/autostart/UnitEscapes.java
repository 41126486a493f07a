package dev.eaglemem.autostart;

/**
 * Quoting for the two unit syntaxes. systemd reads a directive's value by first expanding {@code %}
 * specifiers, then splitting it into words with C-style quotes and escapes (systemd.service "Command lines",
 * systemd.exec "Environment="); a plist is XML.
 */
final class UnitEscapes {

    private UnitEscapes() {
    }

    /**
     * A systemd {@code ExecStart=} executable as one double-quoted word. The executable path is never
     * {@code $}-expanded (only the arguments are), so {@code $} stays as it is.
     */
    static String systemdWord(String value) {
        return "\"" + cEscape(value).replace("%", "%%") + "\"";
    }

    /** A systemd {@code Environment=} assignment as one double-quoted word; {@code $} has no meaning there. */
    static String systemdAssignment(String name, String value) {
        return "\"" + cEscape(name + "=" + value).replace("%", "%%") + "\"";
    }

    /**
     * systemd refuses to run an executable whose path holds quotes or backslashes ("Executable name contains
     * special characters"), however it is escaped; true when the path is free of them.
     */
    static boolean systemdCanExecute(String path) {
        return path.chars().noneMatch(c -> c == '"' || c == '\'' || c == '\\');
    }

    static String xml(String value) {
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (char c : value.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String cEscape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
