package dev.eaglemem.serve.control;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.util.Optional;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;

/**
 * At most one serve per data directory: an exclusive lock on {@code serve.lock}, held for the life of
 * the process and released by the OS even after kill -9. Many sessions starting together may each
 * try to start serve; all but one find the lock taken and leave quietly.
 */
public final class ServeLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private ServeLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock, or empty when another serve holds it. */
    public static Optional<ServeLock> tryAcquire(ServeFiles files) {
        try {
            // owner-only, and a symbolic link at the name is refused rather than followed
            FileChannel channel = PrivateFiles.openLock(files.lock());
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty();
            }
            return Optional.of(new ServeLock(channel, lock));
        } catch (IOException e) {
            throw EagleException.failure("serve_lock_failed", "cannot lock " + files.lock() + ": " + e.getMessage(),
                    "check the permissions of " + files.lock().getParent(), e);
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
