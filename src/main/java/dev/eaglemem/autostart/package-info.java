/**
 * {@code eagle-mem service install|uninstall|status}: runs {@code eagle-mem serve} under the user's service
 * manager (a systemd --user unit on Linux, a launchd agent on macOS). Units are rendered from the templates in
 * the repository's {@code k8s-free-local/} folder, packaged into the binary; the managers are driven through
 * {@link dev.eaglemem.autostart.CommandRunner} so tests can stand in for {@code systemctl} and {@code launchctl}.
 */
package dev.eaglemem.autostart;
