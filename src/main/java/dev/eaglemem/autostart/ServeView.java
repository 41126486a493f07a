package dev.eaglemem.autostart;

import java.nio.file.Path;


/**
 * What {@link ServeProbe} found.
 *
 * @param socket the unix socket serve listens on
 * @param state running (answers on the socket), unresponsive (holds its lock without answering: starting or
 *        hung) or stopped, as {@code eagle-mem serve --status} says
 * @param answering state is running
 * @param pid the serve process, or null when none is known
 * @param detail one line for people
 */
public record ServeView(Path socket, String state, boolean answering, Long pid, String detail) {

    static ServeView stopped(Path socket) {
        return new ServeView(socket, "stopped", false, null, "serve is not running");
    }
}
