package dev.eaglemem.cli;

import jakarta.inject.Singleton;

import io.quarkus.arc.Arc;
import io.quarkus.arc.InstanceHandle;
import picocli.CommandLine;

/**
 * How picocli gets its command objects: the CDI bean when there is one (commands take services in their
 * constructors), else picocli's own factory (mixins, converters). Quarkus's picocli producer class, which holds the
 * same factory, is excluded in application.properties: it also produces a {@code CommandLine} bean whose bean class
 * loads picocli's CommandLine while the container starts — for every hook, which never parses a command line (see
 * {@link Main}).
 */
@Singleton
class CommandFactory implements CommandLine.IFactory {

    @Override
    public <K> K create(Class<K> type) throws Exception {
        InstanceHandle<K> bean = Arc.container().instance(type);
        return bean.isAvailable() ? bean.get() : CommandLine.defaultFactory().create(type);
    }
}
