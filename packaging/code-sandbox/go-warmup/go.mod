module warmup

go 1.23
