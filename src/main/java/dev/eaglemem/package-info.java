/**
 * eagle-mem: a local memory and safety layer for AI coding agents.
 *
 * <p>The package rule (checked on every build by {@code ArchitectureTest}; the README's "Development" shows the
 * same map). Three layers, each depending only on itself and the layers below, and no package cycle anywhere:
 * <ul>
 * <li><b>foundation</b>: {@code error}, {@code redact}, {@code config}, {@code format}, {@code platform},
 * {@code project}, {@code store}. {@code store} holds every SQL statement and is the only package that touches
 * JDBC; it names nothing but {@code error}.</li>
 * <li><b>feature services</b>: {@code capture}, {@code memory}, {@code search}, {@code session}, {@code recall},
 * {@code jobs}, {@code feature}, {@code status}, {@code shell}, {@code gate}, {@code tokenguard}, {@code inspect}.</li>
 * <li><b>adapters</b>, the ways in: {@code cli}, {@code hook}, {@code serve}, {@code serve.api},
 * {@code serve.control}, {@code install}, {@code autostart}, {@code doctor}, and {@code wiring} (CDI producers).</li>
 * </ul>
 */
package dev.eaglemem;
