/**
 * eagle-mem: a local memory and safety layer for AI coding agents.
 *
 * <p>The package rule: three layers, each depending only on itself and the layers below, and no package cycle anywhere.
 * <b>Foundation</b> packages ({@code error}, {@code store}, {@code config}, …) know nothing of features; {@code store}
 * holds every SQL statement, is the only package that touches JDBC, and names nothing but {@code error}. <b>Feature</b>
 * packages ({@code memory}, {@code recall}, {@code anchor}, …) hold the behaviour. <b>Adapters</b> ({@code cli},
 * {@code hook}, {@code serve}, {@code mcp}, {@code install}, …) are the ways in. Which package is in which layer is
 * stated once, in {@code ArchitectureTest}, which fails the build on a violation; each package's own
 * {@code package-info.java} says what it is for.
 */
package dev.eaglemem;
