package dev.eaglemem.service;

import java.nio.file.Path;

/**
 * What {@link ServeProbe} found.
 *
 * @param socket the unix socket serve listens on
 * @param answering something answered an HTTP request on it
 * @param detail one line for people, e.g. why it is not answering
 */
public record ServeView(Path socket, boolean answering, String detail) {
}
