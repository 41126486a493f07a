package dev.eaglemem.service;

import dev.eaglemem.config.DataDir;

/**
 * serve's own view for {@code service status}: is something answering on {@code $EAGLE_MEM_DIR/serve.sock}?
 * A seam: the default ({@link SocketServeProbe}) makes one request over the socket; the serve feature may
 * replace it with the full {@code serve --status} answer.
 */
public interface ServeProbe {

    ServeView probe(DataDir dataDir);
}
