package dev.eaglemem.autostart;

/**
 * serve's own view for {@code service status}: is a serve answering on {@code $EAGLE_MEM_DIR/serve.sock}, and
 * which process is it? The default is {@link ServeControlProbe} ({@code serve --status}); tests hand in a fixed view.
 */
public interface ServeProbe {

    ServeView probe();
}
