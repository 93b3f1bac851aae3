module warmup

go 1.19
