package dev.eaglemem.autostart;

import java.nio.file.Path;

import dev.eaglemem.serve.control.ServeControl;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@link ServeProbe} found.
 *
 * @param socket the unix socket serve listens on
 * @param state as {@code eagle-mem serve --status} says
 * @param answering state is running
 * @param pid the serve process, or null when none is known
 * @param detail one line for people
 */
@RegisterForReflection
public record ServeView(Path socket, ServeControl.State state, boolean answering, Long pid, String detail) {

    static ServeView stopped(Path socket) {
        return new ServeView(socket, ServeControl.State.STOPPED, false, null, "serve is not running");
    }
}
